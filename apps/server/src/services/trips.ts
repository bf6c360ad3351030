// The guest's trips (issue 16 items 1-3, ADR 028): finding a booking by its
// code and e-mail, the e-mailed link that opens it, the signed-in guest's
// trips and one booking's page. The link's token is a signed JWT naming the
// booking (no table): it opens that booking only, for 24 hours. Cancelling is
// the booking service's (services/booking/cancel.ts), shared with the console;
// the payment schedule, deposit and agreement are services/schedule's (issue 17).
import { randomUUID } from 'node:crypto';
import {
  bookingCancellations,
  bookingConcierge,
  bookings,
  paymentIntents,
  paymentRefunds,
  properties,
  type Database,
} from '@sas/db';
import {
  bookedAddOns,
  bookedPriceLines,
  centsToDollars,
  propertyDisplayName,
  refundDeadlines,
  todayIn,
  type TripDetail,
  type TripSummary,
} from '@sas/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { amountPaidCents, policyRefund } from './booking/index.js';
import { listConcierge } from './concierge.js';
import { bookingMoney } from './schedule/index.js';
import { bookingReference } from './email/booking-emails.js';
import { enqueueEmail } from './email/outbox.js';
import { renderEmail } from './email/render.js';
import { signTripToken, tripUrl } from './trip-links.js';

type BookingRow = typeof bookings.$inferSelect;

export const tripNotFoundMessage = 'Trip not found';

/**
 * Queues a link to the booking when the code and the e-mail it was made with
 * (any case) match; does nothing otherwise, so the caller answers the same.
 * Returns whether an e-mail was queued (to poke the outbox, never for the answer).
 */
export async function requestTripLink(
  db: Database,
  settings: { jwtSecret: string; publicUrl: string },
  lookup: { code: string; email: string },
): Promise<boolean> {
  const [booking] = await db
    .select({ id: bookings.id, code: bookings.code, email: bookings.email, firstName: bookings.firstName })
    .from(bookings)
    .where(and(eq(bookings.code, lookup.code), sql`lower(${bookings.email}) = ${lookup.email.trim().toLowerCase()}`));
  if (!booking?.email) return false;
  const token = await signTripToken(settings.jwtSecret, booking.code);
  const { queued } = await enqueueEmail(db, {
    kind: 'trip_link',
    to: booking.email,
    ...(await renderEmail('trip-link', {
      firstName: booking.firstName,
      code: booking.code,
      url: tripUrl(settings.publicUrl, booking.code, token),
    })),
    // Every lookup that matches is its own message; the rate limit bounds them.
    dedupeKey: `trip-link:${booking.id}:${randomUUID()}`,
    reference: bookingReference(booking.id),
  });
  return queued;
}

function homeName(row: { name: string; publicName: string | null }): string {
  return propertyDisplayName({ public_name: row.publicName, name: row.name });
}

/** The account's bookings: stays not yet over first (soonest first), then past ones (latest first). */
export async function listTrips(db: Database, userId: string, now: Date): Promise<TripSummary[]> {
  const rows = await db
    .select({
      booking: bookings,
      name: properties.name,
      publicName: properties.publicName,
      slug: properties.slug,
      timeZone: properties.timeZone,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.userId, userId))
    .orderBy(asc(bookings.checkIn), asc(bookings.createdAt));
  const isUpcoming = (row: (typeof rows)[number]) => row.booking.checkOut > todayIn(row.timeZone, now);
  const upcoming = rows.filter(isUpcoming);
  const past = rows.filter((row) => !isUpcoming(row)).reverse();
  return [...upcoming, ...past].map(({ booking, ...home }) => ({
    code: booking.code,
    status: booking.status,
    propertyName: homeName(home),
    propertySlug: home.slug,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    nights: booking.nights,
    guests: booking.adults + booking.children + booking.infants,
    totalAmount: centsToDollars(booking.totalCents),
  }));
}

export async function findBookingByCode(db: Pick<Database, 'select'>, code: string): Promise<BookingRow | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.code, code));
  return booking ?? null;
}

/** One booking's page; `now` decides the refund cancelling would give. */
export async function loadTrip(db: Database, booking: BookingRow, now: Date): Promise<TripDetail | null> {
  const [home] = await db.select().from(properties).where(eq(properties.id, booking.propertyId));
  if (!home) return null;
  // The stay's payment, those of concierge services paid on their own and
  // the later installments (charged by the scheduler or paid on this page).
  const [serviceIntents, installmentIntents] = await Promise.all([
    db
      .select({ id: bookingConcierge.paymentIntentId })
      .from(bookingConcierge)
      .where(and(eq(bookingConcierge.bookingId, booking.id), inArray(bookingConcierge.status, ['paid', 'cancelled']))),
    db
      .select({ id: paymentIntents.id })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.bookingId, booking.id), eq(paymentIntents.purpose, 'installment'))),
  ]);
  const intentIds = [
    booking.paymentIntentId,
    ...serviceIntents.flatMap((row) => (row.id ? [row.id] : [])),
    ...installmentIntents.map((row) => row.id),
  ];
  const [payments, refunds, [cancellation], concierge, money] = await Promise.all([
    db
      .select()
      .from(paymentIntents)
      .where(and(inArray(paymentIntents.id, intentIds), inArray(paymentIntents.status, ['succeeded', 'refunded'])))
      .orderBy(asc(paymentIntents.createdAt)),
    db
      .select()
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.paymentIntentId, intentIds))
      .orderBy(asc(paymentRefunds.createdAt)),
    db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingId, booking.id)),
    listConcierge(db, booking.id, home.timeZone),
    bookingMoney(db, booking.id),
  ]);
  const addOns = bookedAddOns(booking);
  const confirmed = booking.status === 'confirmed';
  let cancellationNow: TripDetail['cancellation'] = null;
  if (confirmed) {
    // Of what was paid so far: a guest in installments gets the tier of the charges made.
    const policy = policyRefund(booking, home.timeZone, now, await amountPaidCents(db, booking));
    const deadlines = refundDeadlines(booking.createdAt, booking.checkIn, home.timeZone);
    cancellationNow = {
      refundPercent: policy.percent,
      refundAmount: centsToDollars(policy.cents),
      fullRefundUntil: deadlines.fullRefundUntil.toISOString(),
      halfRefundUntil: deadlines.halfRefundUntil?.toISOString() ?? null,
    };
  }
  return {
    code: booking.code,
    status: booking.status,
    bookedAt: booking.createdAt.toISOString(),
    property: {
      name: homeName(home),
      slug: home.slug,
      city: home.city,
      state: home.state,
      // What to find the home with, for a confirmed stay only.
      address: confirmed ? home.address : null,
      checkInTime: confirmed ? home.checkInTime : null,
      instructions: confirmed ? home.arrivalInstructions : null,
    },
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    nights: booking.nights,
    party: { adults: booking.adults, children: booking.children, infants: booking.infants, pets: booking.pets },
    priceLines: bookedPriceLines(booking),
    addOns,
    concierge,
    totalAmount: centsToDollars(booking.totalCents),
    payments: payments.map((payment) => ({
      amount: centsToDollars(payment.amountCents),
      status: payment.status,
      at: payment.createdAt.toISOString(),
    })),
    refunds: refunds.map((refund) => ({
      amount: centsToDollars(refund.amountCents),
      status: refund.status,
      at: refund.createdAt.toISOString(),
    })),
    cancellation: cancellationNow,
    cancelled: cancellation
      ? {
          at: (booking.cancelledAt ?? cancellation.createdAt).toISOString(),
          refundAmount: centsToDollars(cancellation.refundCents),
        }
      : null,
    timeZone: home.timeZone,
    schedule: money.schedule,
    deposit: money.deposit,
    agreement: money.agreement,
  };
}
