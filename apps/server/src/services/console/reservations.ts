// Reservations in the console (issue 14 section 5): the list and its CSV,
// one reservation's page, staff notes and a fresh copy of the confirmation.
// Owners see their homes' reservations only, with the guest's first name and
// last initial and no contact details, notes or e-mails (access.ts scopes
// homes; this file decides what of a guest an owner sees). Cancelling is the
// booking service's (services/booking/cancel.ts), shared with the guest; the
// schedule, deposit and its capture are services/schedule's (issue 17); the
// deposit's photos are deposit-photos.ts's.
import {
  bookingCancellations,
  bookingConcierge,
  bookingDeposits,
  bookingNotes,
  bookings,
  emailOutbox,
  paymentIntents,
  paymentRefunds,
  properties,
  type Database,
  type Queryable,
} from '@sas/db';
import {
  bookedAddOns,
  bookedPriceLines,
  centsToDollars,
  propertyDisplayName,
  type AdminCancelPreview,
  type AdminReservationDetail,
  type AdminReservationListItem,
  type AdminReservationNote,
  type AdminReservationQuery,
} from '@sas/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  like,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { amountPaidCents, policyRefund } from '../booking/index.js';
import { enqueueEmail } from '../email/outbox.js';
import { bookingEmailData, bookingEmailKinds, bookingReference, loadEmailProperty } from '../email/booking-emails.js';
import { renderEmail } from '../email/render.js';
import { homeTimeZone } from '../property-ref.js';
import { bookingMoney } from '../schedule/index.js';
import { canAccessHome, findVisibleHome, type ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';
import { toDepositPhoto } from './deposit-photos.js';
import { damageOfBooking } from '../tasks/problems.js';

type BookingRow = typeof bookings.$inferSelect;

export const reservationNotFoundMessage = 'Reservation not found';
/** Only the homes this user may see, as a condition on `column`; undefined for staff and admins. */
export function visibleHomes(user: ConsoleUser, column: typeof bookings.propertyId): SQL | undefined {
  if (user.homes === null) return undefined;
  // An owner without homes sees nothing: inArray of an empty list matches no row.
  return user.homes.size === 0 ? sql`false` : inArray(column, [...user.homes]);
}

/** "D." for owners; the whole last name for staff and admins. */
export function lastNameFor(user: ConsoleUser, lastName: string | null): string | null {
  if (lastName === null || user.homes === null) return lastName;
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${initial}.` : null;
}

/** "Ada Lovelace" for staff, "Ada L." for owners; null when the booking has no name. */
export function guestNameFor(user: ConsoleUser, firstName: string | null, lastName: string | null): string | null {
  const name = [firstName, lastNameFor(user, lastName)].filter((part) => part).join(' ');
  return name || null;
}

function homeName(row: { name: string; publicName: string | null }): string {
  return propertyDisplayName({ public_name: row.publicName, name: row.name });
}

/** `text` anywhere in a value, for ilike: its own %, _ and \\ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Bookings whose code, guest's name or (staff and admins only) e-mail contains `q`. */
export function matchesGuestSearch(user: ConsoleUser, q: string): SQL | undefined {
  const pattern = containsPattern(q);
  const fullName = sql`coalesce(${bookings.firstName}, '') || ' ' || coalesce(${bookings.lastName}, '')`;
  return or(
    ilike(bookings.code, pattern),
    ilike(fullName, pattern),
    // An owner cannot find a guest by an address they may not see.
    user.homes === null ? ilike(bookings.email, pattern) : undefined,
  );
}

const listColumns = {
  booking: bookings,
  propertyCode: properties.propertyId,
  name: properties.name,
  publicName: properties.publicName,
};

/** The most rows one list or CSV answers; filters narrow a larger history. */
export const maxReservationRows = 5000;

export type ReservationListOutcome = { status: 'ok'; items: AdminReservationListItem[] } | { status: 'not_found' };

export async function listReservations(
  db: Database,
  user: ConsoleUser,
  query: AdminReservationQuery,
): Promise<ReservationListOutcome> {
  const conditions: (SQL | undefined)[] = [visibleHomes(user, bookings.propertyId)];
  if (query.propertyId) {
    const home = await findVisibleHome(db, user, query.propertyId);
    if (!home) return { status: 'not_found' };
    conditions.push(eq(bookings.propertyId, home.id));
  }
  // Stays sharing a night with [from, to).
  if (query.from) conditions.push(gt(bookings.checkOut, query.from));
  if (query.to) conditions.push(lt(bookings.checkIn, query.to));
  if (query.status) conditions.push(eq(bookings.status, query.status));
  if (query.q) conditions.push(matchesGuestSearch(user, query.q));
  const rows = await db
    .select(listColumns)
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(and(...conditions))
    .orderBy(desc(bookings.checkIn), asc(bookings.code))
    .limit(maxReservationRows);
  return {
    status: 'ok',
    items: rows.map(({ booking, propertyCode, name, publicName }) => ({
      code: booking.code,
      propertyId: propertyCode,
      propertyName: homeName({ name, publicName }),
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights: booking.nights,
      status: booking.status,
      totalAmount: centsToDollars(booking.totalCents),
      firstName: booking.firstName,
      lastName: lastNameFor(user, booking.lastName),
      email: user.homes === null ? booking.email : null,
      bookedAt: booking.createdAt.toISOString(),
    })),
  };
}

export const reservationCsvColumns = [
  'code',
  'propertyId',
  'propertyName',
  'checkIn',
  'checkOut',
  'nights',
  'status',
  'totalAmount',
  'firstName',
  'lastName',
  'email',
  'bookedAt',
] as const satisfies readonly (keyof AdminReservationListItem)[];

/** A booking this user may see, by its code; null otherwise (404 either way). */
export async function findVisibleBooking(db: Queryable, user: ConsoleUser, code: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.code, code.trim().toUpperCase())).limit(1);
  return row && canAccessHome(user, row.propertyId) ? row : null;
}

function toNote(row: typeof bookingNotes.$inferSelect): AdminReservationNote {
  return { id: row.id, body: row.body, authorEmail: row.authorEmail, createdAt: row.createdAt.toISOString() };
}

export async function loadReservationDetail(
  db: Database,
  user: ConsoleUser,
  code: string,
): Promise<AdminReservationDetail | null> {
  const booking = await findVisibleBooking(db, user, code);
  if (!booking) return null;
  const staff = user.homes === null;
  const [home] = await db.select().from(properties).where(eq(properties.id, booking.propertyId));
  if (!home) return null;
  // The stay's intent, the charges made for the booking later, and its concierge services' payments.
  const payments = await db
    .select()
    .from(paymentIntents)
    .where(
      or(
        eq(paymentIntents.id, booking.paymentIntentId),
        eq(paymentIntents.bookingId, booking.id),
        inArray(
          paymentIntents.id,
          db
            .select({ id: bookingConcierge.paymentIntentId })
            .from(bookingConcierge)
            .where(and(eq(bookingConcierge.bookingId, booking.id), isNotNull(bookingConcierge.paymentIntentId))),
        ),
      ),
    )
    .orderBy(asc(paymentIntents.createdAt));
  const paid = payments.filter(
    (payment) => !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(payment.status),
  );
  const [refunds, emails, notes, [cancellation], money, [evidence]] = await Promise.all([
    db
      .select()
      .from(paymentRefunds)
      .where(
        inArray(
          paymentRefunds.paymentIntentId,
          payments.map((payment) => payment.id),
        ),
      )
      .orderBy(asc(paymentRefunds.createdAt)),
    staff
      ? db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.reference, bookingReference(booking.id)))
          .orderBy(asc(emailOutbox.createdAt))
      : Promise.resolve([]),
    staff
      ? db
          .select()
          .from(bookingNotes)
          .where(eq(bookingNotes.bookingId, booking.id))
          .orderBy(asc(bookingNotes.createdAt))
      : Promise.resolve([]),
    db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingId, booking.id)),
    bookingMoney(db, booking.id),
    db
      .select({ photos: bookingDeposits.evidence })
      .from(bookingDeposits)
      .where(eq(bookingDeposits.bookingId, booking.id)),
  ]);
  const addOns = bookedAddOns(booking);
  const reportedDamage = await damageOfBooking(db, booking.id);
  return {
    id: booking.id,
    code: booking.code,
    status: booking.status,
    bookedAt: booking.createdAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    property: { id: home.id, propertyId: home.propertyId, name: homeName(home), timeZone: home.timeZone },
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    nights: booking.nights,
    guest: {
      firstName: booking.firstName,
      lastName: lastNameFor(user, booking.lastName),
      email: staff ? booking.email : null,
      phoneNumber: staff ? booking.phoneNumber : null,
    },
    party: { adults: booking.adults, children: booking.children, infants: booking.infants, pets: booking.pets },
    priceLines: bookedPriceLines(booking),
    addOns,
    totalAmount: centsToDollars(booking.totalCents),
    currency: booking.currency,
    payments: paid.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      purpose: payment.purpose,
      status: payment.status,
      amount: centsToDollars(payment.amountCents),
      createdAt: payment.createdAt.toISOString(),
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: centsToDollars(refund.amountCents),
      status: refund.status,
      reason: refund.reason,
      createdAt: refund.createdAt.toISOString(),
    })),
    schedule: money.schedule,
    deposit: money.deposit,
    depositPhotos: (evidence?.photos ?? []).map(toDepositPhoto),
    reportedDamage,
    agreement: money.agreement,
    emails: emails.map((email) => ({
      id: email.id,
      kind: email.kind,
      subject: email.subject,
      to: email.to,
      status: email.status,
      createdAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
    })),
    notes: notes.map(toNote),
    cancellation: cancellation
      ? {
          cancelledAt: (booking.cancelledAt ?? cancellation.createdAt).toISOString(),
          actor: cancellation.actor,
          refundChoice: cancellation.refundChoice,
          refundAmount: centsToDollars(cancellation.refundCents),
          refundStatus: cancellation.status,
          lastError: staff ? cancellation.lastError : null,
        }
      : null,
  };
}

export async function addReservationNote(
  db: Database,
  user: ConsoleUser,
  code: string,
  body: string,
): Promise<AdminReservationNote | null> {
  const booking = await findVisibleBooking(db, user, code);
  if (!booking) return null;
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(bookingNotes)
      .values({ bookingId: booking.id, authorId: user.id, authorEmail: user.email, body })
      .returning();
    if (!note) throw new Error('The note was not inserted');
    await recordAudit(tx, user, {
      action: 'reservation.note',
      entity: 'booking',
      entityId: booking.code,
      after: { body },
    });
    return toNote(note);
  });
}

/** A console resend waits this long after the previous copy, so a double click queues one. */
export const resendIntervalSeconds = 60;

export type ResendOutcome =
  | { status: 'queued'; to: string }
  | { status: 'not_found' }
  | { status: 'conflict'; message: string }
  | { status: 'rate_limited'; message: string };

/**
 * Queues the confirmation again, as a copy, through the outbox. The booking's
 * row is locked meanwhile and the copies are numbered in their dedupe key, so
 * two racing clicks queue one.
 */
export async function resendConfirmation(
  db: Database,
  user: ConsoleUser,
  code: string,
  publicUrl: string,
): Promise<ResendOutcome> {
  const found = await findVisibleBooking(db, user, code);
  if (!found) return { status: 'not_found' };
  if (!found.email) return { status: 'conflict', message: 'This reservation has no e-mail address to send to.' };
  if (found.status === 'cancelled') {
    return { status: 'conflict', message: 'This reservation is cancelled: its confirmation is no longer valid.' };
  }
  const property = await loadEmailProperty(db, found.propertyId, publicUrl);
  const reference = bookingReference(found.id);
  return db.transaction(async (tx): Promise<ResendOutcome> => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for('update');
    if (!booking?.email) return { status: 'not_found' };
    const [recent] = await tx
      .select({ n: count() })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.reference, reference),
          like(emailOutbox.dedupeKey, 'booking-confirmation-console:%'),
          gte(emailOutbox.createdAt, sql`now() - make_interval(secs => ${resendIntervalSeconds})`),
        ),
      );
    if ((recent?.n ?? 0) > 0) {
      return { status: 'rate_limited', message: 'A copy was queued less than a minute ago.' };
    }
    const [sent] = await tx
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, reference), like(emailOutbox.dedupeKey, 'booking-confirmation-console:%')));
    const email = await renderEmail('booking-confirmation', {
      ...bookingEmailData(booking.code, booking, booking.firstName, property),
      resend: true,
    });
    await enqueueEmail(tx, {
      kind: bookingEmailKinds.resend,
      to: booking.email,
      ...email,
      dedupeKey: `booking-confirmation-console:${booking.id}:${(sent?.n ?? 0) + 1}`,
      reference,
    });
    await recordAudit(tx, user, {
      action: 'reservation.resend_confirmation',
      entity: 'booking',
      entityId: booking.code,
      after: { to: booking.email },
    });
    return { status: 'queued', to: booking.email };
  });
}

export type CancelPreviewOutcome =
  { status: 'ok'; preview: AdminCancelPreview } | { status: 'not_found' } | { status: 'cancelled' };

/** What cancelling now would refund: the policy's tier (as cancelBooking computes it) and in full. */
export async function previewCancellation(
  db: Database,
  user: ConsoleUser,
  code: string,
  now: Date,
): Promise<CancelPreviewOutcome> {
  const booking = await findVisibleBooking(db, user, code);
  if (!booking) return { status: 'not_found' };
  if (booking.status === 'cancelled') return { status: 'cancelled' };
  // Of what was paid so far: a booking in installments is refunded the tier of the charges made.
  const timeZone = await homeTimeZone(db, booking.propertyId);
  const policy = policyRefund(booking, timeZone, now, await amountPaidCents(db, booking));
  return {
    status: 'ok',
    preview: {
      code: booking.code,
      paidAmount: centsToDollars(booking.totalCents),
      policyPercent: policy.percent,
      policyRefundAmount: centsToDollars(policy.cents),
      fullRefundAmount: centsToDollars(booking.totalCents),
    },
  };
}
