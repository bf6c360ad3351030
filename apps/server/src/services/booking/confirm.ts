// Confirmation (ADR 009): once the provider says a payment succeeded, turn its
// hold into a reservation, write the booking and queue its e-mail in one
// transaction. Idempotent: the browser, the webhook and the finalizer may
// confirm in any order and at once; the payment intent's row lock and the
// unique payment_intent_id of bookings make all of them end in one booking.
import {
  bookings,
  isOverlapError,
  retryTransaction,
  lockHomeCalendar,
  paymentIntents,
  properties,
  stays,
  toDateRange,
  type BookingContact,
  type Database,
  type Transaction,
} from '@sas/db';
import {
  centsToDollars,
  discountLinesOf,
  taxLinesToApi,
  discountsToApi,
  eachNight,
  propertyDisplayName,
  refundedAfterLosingDatesMessage,
  type BookingConfirmation,
  textPhoneOf,
} from '@sas/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { releaseExpiredHolds } from '../availability.js';
import { syncMessageSchedules } from '../messages/schedule.js';
import { enqueueBookingConfirmation, loadEmailProperty, type TripLinkSettings } from '../email/booking-emails.js';
import type { SavedCard } from '../payments/provider.js';
import type { BookingDeps, BookingRow, IntentRow } from '../money-deps.js';
import { contactFromMetadata, pricedAddOns } from './intents.js';
import { confirmMessages, type ConfirmOutcome } from './outcomes.js';
import { refundLostNights } from './lost-nights.js';
import { recordPaidBooking } from './record.js';
import { planHomeTasks } from '../tasks/plan.js';

function toConfirmation(booking: BookingRow, propertyName: string): BookingConfirmation {
  return {
    bookingId: booking.id,
    confirmationCode: booking.code,
    status: 'confirmed',
    propertyName,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    datesBlocked: eachNight(booking.checkIn, booking.checkOut),
    basePrice: centsToDollars(booking.baseCents),
    discounts: discountsToApi(discountLinesOf(booking.discounts)),
    taxes: centsToDollars(booking.taxesCents),
    taxLines: taxLinesToApi(booking.taxLines),
    fees: centsToDollars(booking.feesCents),
    addOns: pricedAddOns(booking.addOns).map(({ name, option, price }) => ({
      name,
      ...(option ? { option } : {}),
      price,
    })),
    guestCount: { adults: booking.adults, children: booking.children, pets: booking.pets },
    totalAmount: centsToDollars(booking.totalCents),
    email: booking.email ?? '',
  };
}

/** What the confirmation e-mail needs to carry a link to the trip, when the app can sign one. */
function tripLinkOf(deps: BookingDeps): TripLinkSettings | undefined {
  return deps.jwtSecret ? { jwtSecret: deps.jwtSecret, publicUrl: deps.publicUrl } : undefined;
}

async function propertyName(db: Database, propertyId: string): Promise<string> {
  const [home] = await db
    .select({ name: properties.name, publicName: properties.publicName })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  return home ? propertyDisplayName({ public_name: home.publicName, name: home.name }) : '';
}

/**
 * The stay that keeps the intent's nights, or null when they are gone. The
 * hold becomes the reservation if it is still active (expired or not: an
 * active row means nobody else could take those nights). If it was released
 * after lapsing, the nights are taken again unless someone else has them.
 */
async function keepNights(tx: Transaction, intent: IntentRow): Promise<string | null> {
  if (intent.holdId) {
    const [kept] = await tx
      .update(stays)
      .set({ kind: 'reservation', expiresAt: null })
      .where(and(eq(stays.id, intent.holdId), eq(stays.kind, 'hold'), eq(stays.status, 'active')))
      .returning({ id: stays.id });
    if (kept) return kept.id;
  }
  try {
    // A savepoint: the refused insert must not abort the whole transaction.
    return await tx.transaction(async (sp) => {
      await releaseExpiredHolds(sp, intent.propertyId, intent.checkIn, intent.checkOut);
      const [row] = await sp
        .insert(stays)
        .values({
          propertyId: intent.propertyId,
          nights: toDateRange(intent.checkIn, intent.checkOut),
          kind: 'reservation',
        })
        .returning({ id: stays.id });
      return row?.id ?? null;
    });
  } catch (err) {
    if (isOverlapError(err)) return null;
    throw err;
  }
}

type Settled =
  | { kind: 'booked'; booking: BookingRow; created: boolean; emailQueued: boolean }
  | { kind: 'lost' }
  | { kind: 'refunded' };

/**
 * Books a paid intent in one transaction: keeps the nights, writes the
 * booking and queues its confirmation. The intent's row is locked first, so
 * concurrent confirmations of one payment run one after another and the
 * later ones find the booking.
 */
async function bookPaidIntent(
  deps: BookingDeps,
  { id: intentId, propertyId }: IntentRow,
  contact: BookingContact | null,
  card: SavedCard | null,
  now: Date,
): Promise<Settled> {
  const { db } = deps;
  // Read before the transaction: the e-mail is rendered inside it, and the lock should be short.
  const property = await loadEmailProperty(db, propertyId, deps.publicUrl);
  // Racing a hold or another confirmation can end in a deadlock; run again, it settles.
  return retryTransaction(() =>
    db.transaction(async (tx): Promise<Settled> => {
      const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId)).for('update');
      if (!intent) throw new Error(`Payment intent ${intentId} vanished`);
      // After the intent's row and before any stay: the one order every writer follows.
      await lockHomeCalendar(tx, intent.propertyId);
      const [existing] = await tx.select().from(bookings).where(eq(bookings.paymentIntentId, intentId));
      if (existing) return { kind: 'booked', booking: existing, created: false, emailQueued: false };
      if (intent.status === 'refunded') return { kind: 'refunded' };
      if (intent.refundRequestedAt) return { kind: 'lost' };

      const stayId = await keepNights(tx, intent);
      if (!stayId) {
        // Recorded before refunding, so the refund is retried (finalizer) if the call fails.
        await tx
          .update(paymentIntents)
          .set({ refundRequestedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(paymentIntents.id, intentId));
        return { kind: 'lost' };
      }

      const booking = await recordPaidBooking(tx, { intent, stayId, contact, card, now });
      // The stay's turnover tasks, and the ones its arrival moves, change with it (issue 30).
      await planHomeTasks(tx, booking.propertyId, now, { publicUrl: deps.publicUrl });
      // Its message timeline (issue 28), so a message already due goes out on the worker's next look.
      await syncMessageSchedules(tx, { now, bookingIds: [booking.id], atBooking: true });
      const emailQueued = await enqueueBookingConfirmation(tx, booking, property, tripLinkOf(deps));
      return { kind: 'booked', booking, created: true, emailQueued };
    }),
  );
}

export interface ConfirmRequest {
  paymentIntentId: string;
  /** From the browser; the webhook and the finalizer use the intent's. */
  contact?: BookingContact | undefined;
}

/**
 * Confirms a reservation from its payment intent (browser, webhook or
 * finalizer). Only the intent id and the contact details are taken from the
 * caller; the stay and the amounts are the ones recorded at creation, and the
 * provider is asked whether the payment succeeded for that amount.
 */
export async function confirmBooking(deps: BookingDeps, request: ConfirmRequest, now: Date): Promise<ConfirmOutcome> {
  const { db, payments } = deps;
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, request.paymentIntentId));
  // A concierge service's payment books no stay (services/concierge.ts).
  if (!intent || intent.provider !== payments.name || intent.purpose !== 'stay') return { status: 'not_found' };

  const [existing] = await db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.id));
  if (existing)
    return { status: 'confirmed', booking: await confirmationOf(deps, existing, request.contact), created: false };
  if (intent.status === 'refunded') return { status: 'conflict', message: refundedAfterLosingDatesMessage };

  const contactFallback = intent.contact ?? null;
  if (intent.refundRequestedAt) return refundLostNights(deps, intent.id, request.contact ?? contactFallback);

  const remote = await payments.retrieveIntent(intent.id);
  if (!remote) {
    deps.log.error({ paymentIntentId: intent.id }, 'the provider does not know a payment intent we recorded');
    return { status: 'not_found' };
  }
  // Also when unchanged: updated_at is when the provider was last asked, which spaces the
  // finalizer's polls. Only if the row still says what we read: for the sandbox it is the
  // processor's own record, which its card form may have changed meanwhile.
  await db
    .update(paymentIntents)
    .set({ status: remote.status, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, intent.status)));
  if (remote.status === 'processing') return { status: 'conflict', message: confirmMessages.processing };
  if (remote.status !== 'succeeded')
    return { status: 'not_paid', message: intent.lastError ?? confirmMessages.notPaid };
  if (remote.amount !== intent.amountCents || remote.currency !== intent.currency) {
    deps.log.error(
      { paymentIntentId: intent.id, paid: remote.amount, expected: intent.amountCents },
      'a payment succeeded for another amount than the stay was priced at',
    );
    return { status: 'conflict', message: confirmMessages.mismatch };
  }

  const recorded = contactFallback ?? contactFromMetadata(remote.metadata);
  // The opt-ins (texts, marketing) are the ones recorded with the intent, when the guest chose them.
  const contact = request.contact ? withOptIns(request.contact, recorded) : recorded;
  const card =
    remote.customerId && remote.paymentMethodId
      ? { customerId: remote.customerId, paymentMethodId: remote.paymentMethodId }
      : null;
  const settled = await bookPaidIntent(deps, intent, contact, card, now);
  switch (settled.kind) {
    case 'refunded':
      return { status: 'conflict', message: refundedAfterLosingDatesMessage };
    case 'lost':
      return refundLostNights(deps, intent.id, contact);
    case 'booked': {
      if (settled.emailQueued) deps.onEmailQueued?.();
      if (settled.created) {
        deps.log.info({ bookingId: settled.booking.id, code: settled.booking.code }, 'booking confirmed');
      }
      const booking = settled.created ? settled.booking : await withContact(deps, settled.booking, request.contact);
      return {
        status: 'confirmed',
        booking: toConfirmation(booking, await propertyName(db, booking.propertyId)),
        created: settled.created,
      };
    }
  }
}

async function confirmationOf(
  deps: BookingDeps,
  booking: BookingRow,
  contact: BookingContact | undefined,
): Promise<BookingConfirmation> {
  const current = await withContact(deps, booking, contact);
  return toConfirmation(current, await propertyName(deps.db, current.propertyId));
}

/**
 * The contact the confirmation sent, with the opt-ins recorded with the
 * intent, when the guest chose them; texts go to the number checked then.
 */
function withOptIns(contact: BookingContact, recorded: BookingContact | null): BookingContact {
  return {
    ...contact,
    ...(recorded?.textMessages ? { textMessages: true, phoneNumber: recorded.phoneNumber } : {}),
    ...(recorded?.marketingEmail !== undefined ? { marketingEmail: recorded.marketingEmail } : {}),
  };
}

/**
 * A booking made without contact details (webhook or finalizer, with none on
 * the intent) takes the browser's when they arrive, and its confirmation is
 * queued then. A booking that has them keeps them: confirming again changes
 * nothing.
 */
async function withContact(
  deps: BookingDeps,
  booking: BookingRow,
  contact: BookingContact | undefined,
): Promise<BookingRow> {
  if (booking.email || !contact) return booking;
  const property = await loadEmailProperty(deps.db, booking.propertyId, deps.publicUrl);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({
        firstName: contact.firstName,
        lastName: contact.lastName,
        email: contact.email,
        phoneNumber: contact.phoneNumber,
        textPhone: textPhoneOf(contact),
      })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.email)))
      .returning();
    if (row && (await enqueueBookingConfirmation(tx, row, property, tripLinkOf(deps)))) deps.onEmailQueued?.();
    return row;
  });
  if (updated) return updated;
  const [current] = await deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
  return current ?? booking;
}
