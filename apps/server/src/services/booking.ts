// The money path (DESIGN.md, ADR 009): price a stay, hold its nights and
// create the payment intent; once the provider says the payment succeeded,
// turn the hold into a reservation, write the booking and queue its e-mail in
// one transaction. Confirmation is idempotent and may come from the browser,
// the Stripe webhook or the background finalizer, in any order and at once:
// the payment intent's row lock and the unique payment_intent_id of bookings
// make all of them end in the same single booking.
import {
  bookings,
  isOverlapError,
  retryTransaction,
  isUniqueViolation,
  lockHomeCalendar,
  paymentIntents,
  paymentRefunds,
  properties,
  stays,
  toDateRange,
  users,
  type BookingAddOn,
  type BookingContact,
  type Database,
} from '@sas/db';
import {
  bookingCodeAlphabet,
  bookingCodeLength,
  centsToDollars,
  currency,
  datesNoLongerAvailableMessage,
  eachNight,
  formatUsd,
  isDomainError,
  isReservationReference,
  reservationSupersededMessage,
  orderTotalCents,
  propertyDisplayName,
  refundedAfterLosingDatesMessage,
  resolveAddOns,
  sumCents,
  type BookingConfirmation,
  type CreatePaymentIntentResponse,
  type Guests,
  type IsoDate,
} from '@sas/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notExists,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { randomString, sha256Hex } from '../lib/tokens.js';
import { releaseExpiredHolds } from './availability.js';
import {
  bookingEmailData,
  enqueueBookingConfirmation,
  enqueueRefundNotice,
  loadEmailProperty,
} from './email/booking-emails.js';
import type { PaymentProvider, PaymentWebhookEvent } from './payments/provider.js';
import { quoteStay } from './pricing.js';
import type { RateTables } from './rate-tables.js';

export interface BookingDeps {
  db: Database;
  /** The rate tables in memory that price the stay, as for its quote (ADR 018). */
  rates: RateTables;
  payments: PaymentProvider;
  /** How long the nights stay held while the guest pays. */
  holdMinutes: number;
  /** The site's origin, for links in e-mails. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Told when e-mail was queued, so the outbox is drained now rather than at its next tick. */
  onEmailQueued?: () => void;
}

type IntentRow = typeof paymentIntents.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

// Create payment intent ---------------------------------------------------------------

export interface CreateIntentRequest {
  propertyId: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  guests: Guests;
  addOns: readonly { id: number; option?: string | null | undefined }[];
  /** Cents the browser shows. */
  amount: number;
  confirmationCode?: string | undefined;
  contact?: BookingContact | undefined;
  /** The signed-in guest (from a verified access token): the booking will be theirs. */
  userId?: string | undefined;
}

export type CreateIntentOutcome =
  | { status: 'ok'; intent: CreatePaymentIntentResponse }
  | { status: 'not_found' }
  | { status: 'rejected'; message: string }
  | { status: 'unavailable'; message: string }
  | { status: 'price_changed'; message: string; amount: number }
  /** An older tab of the same reservation: a newer attempt took over while this one was being made. */
  | { status: 'superseded'; message: string };

/** Stripe metadata: string values only; contact details so a webhook alone can complete the booking. */
function intentMetadata(holdId: string, request: CreateIntentRequest): Record<string, string> {
  const metadata: Record<string, string> = {
    hold_id: holdId,
    property_id: request.propertyId,
    check_in: request.checkIn,
    check_out: request.checkOut,
  };
  if (request.confirmationCode) metadata.client_reference = request.confirmationCode;
  if (request.contact) {
    metadata.first_name = request.contact.firstName;
    metadata.last_name = request.contact.lastName;
    metadata.email = request.contact.email;
    metadata.phone_number = request.contact.phoneNumber;
  }
  return metadata;
}

function contactFromMetadata(metadata: Record<string, string>): BookingContact | null {
  const { first_name, last_name, email, phone_number } = metadata;
  if (!first_name || !last_name || !email || !phone_number) return null;
  return { firstName: first_name, lastName: last_name, email, phoneNumber: phone_number };
}

function pricedAddOns(addOns: readonly BookingAddOn[]) {
  return addOns.map((addOn) => ({
    id: addOn.id,
    name: addOn.name,
    ...(addOn.option ? { option: addOn.option } : {}),
    price: centsToDollars(addOn.price),
  }));
}

/** Statuses of an intent nobody is paying right now: a newer attempt of the same reservation may replace it. */
const unpaidStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action'] as const;

/** Intents of the same account, or anonymous ones (a guest may sign in half-way). */
function sameGuest(userId: string | undefined): SQL | undefined {
  return userId === undefined
    ? isNull(paymentIntents.userId)
    : or(isNull(paymentIntents.userId), eq(paymentIntents.userId, userId));
}

/**
 * The reservation's own holds (ADR 017): active holds made under its
 * reference, unless a payment for one went through or is under way (that one
 * becomes the booking) or belongs to another account. A new attempt counts
 * their nights as free and releases them in the transaction that holds the
 * new nights, whatever changed: add-ons, dates, guests, even the home.
 */
export function replaceableHolds(reference: string, userId: string | undefined): SQL {
  const keeps = or(
    notInArray(paymentIntents.status, [...unpaidStatuses, 'canceled']),
    isNotNull(paymentIntents.refundRequestedAt),
    userId === undefined ? isNotNull(paymentIntents.userId) : ne(paymentIntents.userId, userId),
  );
  return and(
    eq(stays.kind, 'hold'),
    eq(stays.status, 'active'),
    eq(stays.reference, reference),
    notExists(sql`(SELECT 1 FROM ${paymentIntents} WHERE ${paymentIntents.holdId} = ${stays.id} AND ${keeps})`),
  ) as SQL;
}

/**
 * Prices the stay from the server's rates and catalogue, refuses a browser
 * amount that differs, holds the nights and creates the payment intent. The
 * exclusion constraint on stays decides a race for the same nights: one hold
 * is inserted, every other request gets `unavailable` before any charge.
 *
 * A reservation keeps one reference (`confirmationCode`) for its whole life.
 * Coming back to the payment step after Back, new add-ons, new dates, a
 * reload or a second tab asks again under that reference: the earlier unpaid
 * intents are canceled (so nobody pays the old amount later) and their holds
 * released at once, in the same transaction that holds the new nights. Only
 * another guest's hold or booking is "no longer available".
 */
export async function createPaymentIntent(
  deps: BookingDeps,
  request: CreateIntentRequest,
  now: Date = new Date(),
): Promise<CreateIntentOutcome> {
  const { db, payments } = deps;
  const propertyId = request.propertyId.toLowerCase();
  const reference = isReservationReference(request.confirmationCode) ? request.confirmationCode : undefined;
  const mine = reference === undefined ? undefined : replaceableHolds(reference, request.userId);
  const quoted = await quoteStay(
    { db, rates: deps.rates },
    { kind: 'uuid', id: propertyId },
    { checkIn: request.checkIn, checkOut: request.checkOut, guests: request.guests },
    now,
    mine,
  );
  if (quoted.status === 'not_found') return { status: 'not_found' };
  if (quoted.status === 'rejected') {
    return quoted.error.code === 'dates_unavailable'
      ? { status: 'unavailable', message: datesNoLongerAvailableMessage }
      : { status: 'rejected', message: quoted.error.message };
  }
  const quote = quoted.quote;

  let addOns: BookingAddOn[];
  try {
    addOns = resolveAddOns(request.addOns.map(({ id, option }) => ({ id, option: option ?? undefined })));
  } catch (err) {
    if (isDomainError(err)) return { status: 'rejected', message: err.message };
    throw err;
  }
  const addOnsCents = sumCents(...addOns.map((addOn) => addOn.price));
  const total = orderTotalCents({ basePrice: quote.base, taxes: quote.taxes, fees: quote.fees, addOns });
  if (request.amount !== total) {
    return {
      status: 'price_changed',
      message: `The price has changed. The correct total is ${formatUsd(total)}.`,
      amount: total,
    };
  }

  let held: { hold: { id: string; expiresAt: Date | null }; canceled: string[] };
  try {
    // The home's calendar lock makes racing guests take turns; the retry is
    // for any deadlock left (with a confirmation of the same guest's hold).
    held = await retryTransaction(() =>
      db.transaction(async (tx) => {
        await lockHomeCalendar(tx, propertyId);
        let canceled: string[] = [];
        if (reference !== undefined && mine !== undefined) {
          // An intent being paid right now keeps its row lock until its status says so; this waits for it.
          const rows = await tx
            .update(paymentIntents)
            .set({ status: 'canceled', updatedAt: sql`now()` })
            .where(
              and(
                eq(paymentIntents.clientReference, reference),
                inArray(paymentIntents.status, [...unpaidStatuses]),
                isNull(paymentIntents.refundRequestedAt),
                sameGuest(request.userId),
              ),
            )
            .returning({ id: paymentIntents.id });
          canceled = rows.map((row) => row.id);
          await tx.update(stays).set({ status: 'released' }).where(mine);
        }
        // Lapsed holds still count for the exclusion constraint until released.
        await releaseExpiredHolds(tx, propertyId, request.checkIn, request.checkOut);
        const [row] = await tx
          .insert(stays)
          .values({
            propertyId,
            nights: toDateRange(request.checkIn, request.checkOut),
            kind: 'hold',
            // The database clock, the same one that decides when a hold has lapsed.
            expiresAt: sql`now() + make_interval(mins => ${deps.holdMinutes})`,
            reason: 'Payment in progress',
            reference: reference ?? null,
          })
          .returning({ id: stays.id, expiresAt: stays.expiresAt });
        if (!row) throw new Error('The hold was not inserted');
        return { hold: row, canceled };
      }),
    );
  } catch (err) {
    if (isOverlapError(err)) return { status: 'unavailable', message: datesNoLongerAvailableMessage };
    throw err;
  }
  const { hold } = held;
  await cancelAtProvider(deps, held.canceled);

  try {
    const created = await payments.createIntent({
      amount: total,
      currency,
      description: `Stay ${request.checkIn} to ${request.checkOut}`,
      metadata: intentMetadata(hold.id, request),
      // One intent per hold, however often this call is retried.
      idempotencyKey: `hold-${hold.id}`,
    });
    // Recorded only while the hold is still ours: a newer attempt of the same
    // reservation (another tab) may have replaced it while the provider answered.
    const recorded = await retryTransaction(() =>
      db.transaction(async (tx) => {
        await lockHomeCalendar(tx, propertyId);
        const [active] = await tx
          .select({ id: stays.id })
          .from(stays)
          .where(and(eq(stays.id, hold.id), eq(stays.status, 'active')));
        if (!active) return false;
        await tx.insert(paymentIntents).values({
          id: created.id,
          provider: payments.name,
          status: created.status,
          amountCents: total,
          currency,
          clientSecretHash: sha256Hex(created.clientSecret),
          propertyId,
          holdId: hold.id,
          checkIn: request.checkIn,
          checkOut: request.checkOut,
          nights: quote.nights,
          guests: request.guests,
          addOns,
          baseCents: quote.base,
          feesCents: quote.fees,
          taxesCents: quote.taxes,
          addOnsCents,
          contact: request.contact ?? null,
          clientReference: request.confirmationCode ?? null,
          // Null if the account is gone since its access token was issued.
          userId: request.userId ? sql`(SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${request.userId})` : null,
        });
        return true;
      }),
    );
    if (!recorded) {
      await cancelAtProvider(deps, [created.id]);
      return { status: 'superseded', message: reservationSupersededMessage };
    }
    return {
      status: 'ok',
      intent: {
        clientSecret: created.clientSecret,
        paymentIntentId: created.id,
        amount: total,
        currency,
        holdExpiresAt: (hold.expiresAt ?? now).toISOString(),
        breakdown: {
          nights: quote.nights,
          basePrice: centsToDollars(quote.base),
          fees: centsToDollars(quote.fees),
          taxes: centsToDollars(quote.taxes),
          addOns: pricedAddOns(addOns),
          total: centsToDollars(total),
        },
      },
    };
  } catch (err) {
    // Nobody can pay for a hold without an intent: give the nights back now.
    await db
      .update(stays)
      .set({ status: 'released' })
      .where(eq(stays.id, hold.id))
      .catch((releaseErr: unknown) => deps.log.error({ err: releaseErr }, 'could not release a hold'));
    throw err;
  }
}

/**
 * Tells the processor that replaced intents must not be paid any more. Our
 * own row already says canceled; an intent paid at the processor before this
 * arrives is settled by confirmation like any payment whose hold is gone
 * (nights taken again, or refunded in full).
 */
async function cancelAtProvider(deps: BookingDeps, intentIds: readonly string[]): Promise<void> {
  for (const id of intentIds) {
    try {
      const status = await deps.payments.cancelIntent(id);
      if (status !== null && status !== 'canceled') {
        deps.log.warn({ paymentIntentId: id, status }, 'a replaced payment intent could not be canceled');
      }
    } catch (err) {
      deps.log.error({ err, paymentIntentId: id }, 'could not cancel a replaced payment intent');
    }
  }
}

// Confirm --------------------------------------------------------------------------------

export type ConfirmOutcome =
  | { status: 'confirmed'; booking: BookingConfirmation; created: boolean }
  | { status: 'not_found' }
  /** 402: the guest has not paid (yet). */
  | { status: 'not_paid'; message: string }
  /** 409: paid, but no booking can be made (or not yet). */
  | { status: 'conflict'; message: string };

export const confirmMessages = {
  notFound: 'We could not find this payment. Please start your reservation again.',
  notPaid: 'This payment has not been completed.',
  processing: 'Your payment is still being processed. We will e-mail you as soon as it is confirmed.',
  mismatch: 'This payment does not match the reservation. Please call us so we can sort it out.',
  refundPending:
    'We could not keep these dates after your payment. It will be refunded in full, and we will e-mail you when it is done.',
} as const;

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
    taxes: centsToDollars(booking.taxesCents),
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

async function propertyName(db: Database, propertyId: string): Promise<string> {
  const [home] = await db
    .select({ name: properties.name, publicName: properties.publicName })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  return home ? propertyDisplayName({ public_name: home.publicName, name: home.name }) : '';
}

function generateBookingCode(): string {
  return `SAS-${randomString(bookingCodeLength, bookingCodeAlphabet)}`;
}

/**
 * The stay that keeps the intent's nights, or null when they are gone. The
 * hold becomes the reservation if it is still active (expired or not: an
 * active row means nobody else could take those nights). If it was released
 * after lapsing, the nights are taken again unless someone else has them.
 */
async function keepNights(tx: Tx, intent: IntentRow): Promise<string | null> {
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

/** Inserts the booking under a fresh code; a code already in use (rare) is drawn again. */
async function insertBooking(tx: Tx, values: Omit<typeof bookings.$inferInsert, 'code'>): Promise<BookingRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(bookings)
          .values({ ...values, code: generateBookingCode() })
          .returning();
        if (!row) throw new Error('The booking was not inserted');
        return row;
      });
    } catch (err) {
      if (attempt < 5 && isUniqueViolation(err, 'bookings_code_unique')) continue;
      throw err;
    }
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

      const booking = await insertBooking(tx, {
        paymentIntentId: intent.id,
        propertyId: intent.propertyId,
        stayId,
        checkIn: intent.checkIn,
        checkOut: intent.checkOut,
        nights: intent.nights,
        adults: intent.guests.adults,
        children: intent.guests.children,
        infants: intent.guests.infants,
        pets: intent.guests.pets,
        firstName: contact?.firstName ?? null,
        lastName: contact?.lastName ?? null,
        email: contact?.email ?? null,
        phoneNumber: contact?.phoneNumber ?? null,
        addOns: intent.addOns,
        baseCents: intent.baseCents,
        feesCents: intent.feesCents,
        taxesCents: intent.taxesCents,
        addOnsCents: intent.addOnsCents,
        totalCents: intent.amountCents,
        currency: intent.currency,
        status: 'confirmed',
        userId: intent.userId,
      });
      await tx
        .update(stays)
        .set({ reason: `Booking ${booking.code}` })
        .where(eq(stays.id, stayId));
      await tx
        .update(paymentIntents)
        .set({ status: 'succeeded', updatedAt: sql`now()` })
        .where(eq(paymentIntents.id, intentId));
      const emailQueued = await enqueueBookingConfirmation(tx, booking, property);
      return { kind: 'booked', booking, created: true, emailQueued };
    }),
  );
}

/**
 * Refunds a payment whose nights could not be kept, records it, and tells the
 * guest. The idempotency key makes a repeated refund (webhook and browser at
 * once, a retry by the finalizer) the same refund at the provider.
 */
async function refundLostNights(
  deps: BookingDeps,
  intentId: string,
  contact: BookingContact | null,
): Promise<ConfirmOutcome> {
  const { db, payments } = deps;
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  if (!intent) return { status: 'not_found' };
  if (intent.status === 'refunded') return { status: 'conflict', message: refundedAfterLosingDatesMessage };
  let refund;
  try {
    refund = await payments.refund({
      paymentIntentId: intent.id,
      amount: intent.amountCents,
      reason: 'dates_no_longer_available',
      idempotencyKey: `refund-${intent.id}`,
    });
  } catch (err) {
    deps.log.error({ err, paymentIntentId: intent.id }, 'refund failed; the finalizer will retry it');
    return { status: 'conflict', message: confirmMessages.refundPending };
  }
  const to = contact?.email ?? intent.contact?.email;
  const property = to ? await loadEmailProperty(db, intent.propertyId, deps.publicUrl) : null;
  const emailQueued = await db.transaction(async (tx) => {
    await tx
      .insert(paymentRefunds)
      .values({
        id: refund.id,
        paymentIntentId: intent.id,
        provider: intent.provider,
        amountCents: refund.amount,
        status: refund.status,
        reason: 'dates_no_longer_available',
      })
      .onConflictDoNothing();
    await tx
      .update(paymentIntents)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(eq(paymentIntents.id, intent.id));
    if (!to || !property) return false;
    const data = bookingEmailData(
      '',
      { ...intent, ...intent.guests },
      contact?.firstName ?? intent.contact?.firstName ?? null,
      property,
    );
    return enqueueRefundNotice(tx, intent.id, to, data);
  });
  if (emailQueued) deps.onEmailQueued?.();
  deps.log.warn({ paymentIntentId: intent.id, refundId: refund.id }, 'paid nights were lost; payment refunded');
  return { status: 'conflict', message: refundedAfterLosingDatesMessage };
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
export async function confirmBooking(deps: BookingDeps, request: ConfirmRequest): Promise<ConfirmOutcome> {
  const { db, payments } = deps;
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, request.paymentIntentId));
  if (!intent || intent.provider !== payments.name) return { status: 'not_found' };

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

  const contact = request.contact ?? contactFallback ?? contactFromMetadata(remote.metadata);
  const settled = await bookPaidIntent(deps, intent, contact);
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
      })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.email)))
      .returning();
    if (row && (await enqueueBookingConfirmation(tx, row, property))) deps.onEmailQueued?.();
    return row;
  });
  if (updated) return updated;
  const [current] = await deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
  return current ?? booking;
}

// Webhook and finalizer ----------------------------------------------------------------

/** What a provider's webhook event leads to. Events about other payments are acknowledged and ignored. */
export async function handlePaymentEvent(deps: BookingDeps, event: PaymentWebhookEvent): Promise<void> {
  if (event.type !== 'payment_intent.succeeded' || !event.paymentIntentId) return;
  const outcome = await confirmBooking(deps, { paymentIntentId: event.paymentIntentId });
  if (outcome.status === 'not_found') {
    deps.log.info({ eventId: event.id, paymentIntentId: event.paymentIntentId }, 'webhook for a payment not ours');
  }
}

export interface FinalizeResult {
  confirmed: number;
  refunded: number;
  failed: number;
}

/** Non-final statuses after which the provider may still report success. */
const openStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'] as const;

/**
 * Completes what the browser did not (ADR 009): payments that succeeded but
 * have no booking (tab closed, server restarted between payment and
 * confirmation) are booked, and refunds that failed are tried again. Stripe
 * intents still open are asked about every few minutes for two hours, in case
 * a webhook never arrived. `graceSeconds` leaves a fresh payment to the
 * browser's own confirmation, which carries the contact details.
 */
export async function finalizePaidIntents(
  deps: BookingDeps,
  { graceSeconds = 60, limit = 25 }: { graceSeconds?: number; limit?: number } = {},
): Promise<FinalizeResult> {
  const { db } = deps;
  const settledBefore = sql`now() - make_interval(secs => ${graceSeconds})`;
  const candidates = await db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.provider, deps.payments.name),
        ne(paymentIntents.status, 'refunded'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bookings)
            .where(eq(bookings.paymentIntentId, paymentIntents.id)),
        ),
        or(
          and(eq(paymentIntents.status, 'succeeded'), lte(paymentIntents.updatedAt, settledBefore)),
          isNotNull(paymentIntents.refundRequestedAt),
          and(
            eq(paymentIntents.provider, 'stripe'),
            inArray(paymentIntents.status, [...openStatuses]),
            lte(paymentIntents.updatedAt, sql`now() - interval '5 minutes'`),
            gt(paymentIntents.createdAt, sql`now() - interval '2 hours'`),
          ),
        ),
      ),
    )
    .orderBy(asc(paymentIntents.createdAt))
    .limit(limit);

  const result: FinalizeResult = { confirmed: 0, refunded: 0, failed: 0 };
  for (const { id } of candidates) {
    try {
      const outcome = await confirmBooking(deps, { paymentIntentId: id });
      if (outcome.status === 'confirmed' && outcome.created) result.confirmed += 1;
      if (outcome.status === 'conflict' && outcome.message === refundedAfterLosingDatesMessage) result.refunded += 1;
    } catch (err) {
      result.failed += 1;
      deps.log.error({ err, paymentIntentId: id }, 'could not finalize a payment');
    }
  }
  return result;
}
