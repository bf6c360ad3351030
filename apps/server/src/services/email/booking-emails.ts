// The e-mails of a booking: the confirmation queued with the booking itself,
// the refund notice, and the guest's "send it again" requests (SPEC.md's three
// fallback endpoints), which are idempotent and rate limited per booking.
import { bookingCancellations, bookingDeposits, bookingPayments, bookings, emailOutbox, properties, type Database } from '@sas/db';
import { isBookingCode, isUuid, propertyDisplayName, propertyPath } from '@sas/domain';
import { and, asc, count, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { signTripToken, tripUrl } from '../trip-links.js';
import { enqueueEmail } from './outbox.js';
import { renderEmail } from './render.js';
import type { BookingEmailData } from './templates/booking.js';

type BookingRow = typeof bookings.$inferSelect;
type Inserter = Pick<Database, 'insert'>;

export const bookingEmailKinds = {
  confirmation: 'booking_confirmation',
  resend: 'booking_confirmation_resend',
  refund: 'booking_refund',
  cancellation: 'booking_cancelled',
  cancellationNotice: 'booking_cancelled_company',
} as const;

/** Copies a guest may ask for per booking within an hour. */
export const maxResendsPerHour = 3;

export function bookingReference(bookingId: string): string {
  return `booking:${bookingId}`;
}

export interface EmailProperty {
  name: string;
  location: string;
  url: string;
}

/** What the e-mails say about a home. */
export async function loadEmailProperty(db: Database, propertyId: string, publicUrl: string): Promise<EmailProperty> {
  const [home] = await db
    .select({
      name: properties.name,
      publicName: properties.publicName,
      slug: properties.slug,
      city: properties.city,
      state: properties.state,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  if (!home) throw new Error(`Property ${propertyId} does not exist`);
  return {
    name: propertyDisplayName({ public_name: home.publicName, name: home.name }),
    location: `${home.city}, ${home.state}`,
    url: `${publicUrl}${propertyPath(home.slug)}`,
  };
}

type StaySnapshot = Pick<
  BookingRow,
  | 'checkIn'
  | 'checkOut'
  | 'nights'
  | 'addOns'
  | 'baseCents'
  | 'feesCents'
  | 'taxesCents'
  | 'taxLines'
  | 'addOnsCents'
  | 'discountCents'
  | 'discounts'
  | 'adults'
  | 'children'
  | 'infants'
  | 'pets'
>;

export function bookingEmailData(
  code: string,
  stay: StaySnapshot,
  firstName: string | null,
  property: EmailProperty,
): BookingEmailData {
  return {
    code,
    propertyName: property.name,
    propertyLocation: property.location,
    propertyUrl: property.url,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: stay.nights,
    guests: { adults: stay.adults, children: stay.children, infants: stay.infants, pets: stay.pets },
    firstName,
    addOns: stay.addOns,
    baseCents: stay.baseCents,
    feesCents: stay.feesCents,
    taxesCents: stay.taxesCents,
    taxLines: stay.taxLines,
    addOnsCents: stay.addOnsCents,
    discounts: stay.discounts,
    totalCents: stay.baseCents - stay.discountCents + stay.feesCents + stay.taxesCents + stay.addOnsCents,
  };
}

/** How to sign the confirmation's link to the trip (ADR 028). */
export interface TripLinkSettings {
  jwtSecret: string;
  publicUrl: string;
}

/** Queues the confirmation of a new booking (once per booking, whoever confirms it), with a link to the trip. */
export async function enqueueBookingConfirmation(
  tx: Pick<Database, 'insert' | 'select'>,
  booking: BookingRow,
  property: EmailProperty,
  tripLink?: TripLinkSettings,
): Promise<boolean> {
  if (!booking.email) return false;
  const data = bookingEmailData(booking.code, booking, booking.firstName, property);
  const schedule = await tx
    .select({ dueDate: bookingPayments.dueDate, amountCents: bookingPayments.amountCents, status: bookingPayments.status })
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, booking.id))
    .orderBy(asc(bookingPayments.seq));
  data.schedule = schedule.map((charge) => ({ ...charge, paid: charge.status === 'paid' }));
  const [deposit] = await tx
    .select({ amountCents: bookingDeposits.amountCents })
    .from(bookingDeposits)
    .where(eq(bookingDeposits.bookingId, booking.id));
  data.depositCents = deposit?.amountCents ?? 0;
  data.agreement = booking.agreement;
  if (tripLink) {
    const token = await signTripToken(tripLink.jwtSecret, booking.code);
    data.tripUrl = tripUrl(tripLink.publicUrl, booking.code, token);
  }
  const email = await renderEmail('booking-confirmation', data);
  const { queued } = await enqueueEmail(tx, {
    kind: bookingEmailKinds.confirmation,
    to: booking.email,
    ...email,
    dedupeKey: `booking-confirmation:${booking.id}`,
    reference: bookingReference(booking.id),
  });
  return queued;
}

/** Queues the notice that a payment was refunded because its nights were lost (once per payment). */
export async function enqueueRefundNotice(
  tx: Inserter,
  paymentIntentId: string,
  to: string,
  data: BookingEmailData,
): Promise<boolean> {
  const { queued } = await enqueueEmail(tx, {
    kind: bookingEmailKinds.refund,
    to,
    ...(await renderEmail('booking-refund', data)),
    dedupeKey: `payment-refunded:${paymentIntentId}`,
    reference: `payment:${paymentIntentId}`,
  });
  return queued;
}

/** A booking by its code (SAS-...), its id, or the id of the payment intent that paid it. */
export async function findBooking(db: Database, identifier: string): Promise<BookingRow | null> {
  const value = identifier.trim();
  const upper = value.toUpperCase();
  const where = isBookingCode(upper)
    ? eq(bookings.code, upper)
    : isUuid(value)
      ? eq(bookings.id, value.toLowerCase())
      : eq(bookings.paymentIntentId, value);
  const [row] = await db.select().from(bookings).where(where).limit(1);
  return row ?? null;
}

export type EmailRequestOutcome =
  | { status: 'accepted'; queued: boolean }
  | { status: 'not_found' }
  | { status: 'no_address' }
  | { status: 'rate_limited' };

/**
 * A guest asks for the confirmation (again). Nothing new is queued while a
 * message of the booking is still waiting to go out, so the browser's
 * post-payment request right after confirming sends one e-mail, not two;
 * once it went out, a copy is queued, at most maxResendsPerHour an hour.
 * The booking row is locked meanwhile, so concurrent requests queue one copy.
 * A cancelled booking's copy is its cancellation notice: nobody is told a
 * cancelled stay is confirmed.
 */
export async function requestBookingEmail(
  db: Database,
  identifier: string,
  publicUrl: string,
): Promise<EmailRequestOutcome> {
  const found = await findBooking(db, identifier);
  if (!found) return { status: 'not_found' };
  if (!found.email) return { status: 'no_address' };
  const property = await loadEmailProperty(db, found.propertyId, publicUrl);
  const reference = bookingReference(found.id);

  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for('update');
    if (!booking?.email) return { status: 'no_address' };

    const [pending] = await tx
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, reference), inArray(emailOutbox.status, ['queued', 'sending'])));
    if ((pending?.n ?? 0) > 0) return { status: 'accepted', queued: false };

    const [recent] = await tx
      .select({ n: count() })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.reference, reference),
          eq(emailOutbox.kind, bookingEmailKinds.resend),
          gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.n ?? 0) >= maxResendsPerHour) return { status: 'rate_limited' };

    // Numbered, so the dedupe key makes two racing requests queue one copy.
    const [sent] = await tx
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, reference), like(emailOutbox.dedupeKey, 'booking-confirmation-resend:%')));
    const data = bookingEmailData(booking.code, booking, booking.firstName, property);
    const [cancellation] =
      booking.status === 'cancelled'
        ? await tx
            .select({ refundCents: bookingCancellations.refundCents })
            .from(bookingCancellations)
            .where(eq(bookingCancellations.bookingId, booking.id))
        : [];
    const email = cancellation
      ? await renderEmail('booking-cancelled', { ...data, refundCents: cancellation.refundCents })
      : await renderEmail('booking-confirmation', { ...data, resend: true });
    const { queued } = await enqueueEmail(tx, {
      kind: bookingEmailKinds.resend,
      to: booking.email,
      ...email,
      dedupeKey: `booking-confirmation-resend:${booking.id}:${(sent?.n ?? 0) + 1}`,
      reference,
    });
    return { status: 'accepted', queued };
  });
}

/**
 * Queues the guest's cancellation notice (when the booking has an address)
 * and the company's copy, once per booking: the cancellation's transaction
 * queues them, so they exist exactly when the cancellation does.
 */
export async function enqueueCancellationNotices(
  tx: Inserter,
  booking: BookingRow,
  property: EmailProperty,
  { refundCents, cancelledBy, companyInbox }: { refundCents: number; cancelledBy: string; companyInbox: string | null },
): Promise<boolean> {
  const data = { ...bookingEmailData(booking.code, booking, booking.firstName, property), refundCents };
  let queued = false;
  if (booking.email) {
    const guest = await enqueueEmail(tx, {
      kind: bookingEmailKinds.cancellation,
      to: booking.email,
      ...(await renderEmail('booking-cancelled', data)),
      dedupeKey: `booking-cancelled:${booking.id}`,
      reference: bookingReference(booking.id),
    });
    queued ||= guest.queued;
  }
  if (companyInbox) {
    const guestName = [booking.firstName, booking.lastName].filter(Boolean).join(' ') || 'unknown guest';
    const company = await enqueueEmail(tx, {
      kind: bookingEmailKinds.cancellationNotice,
      to: companyInbox,
      ...(await renderEmail('booking-cancelled-company', { ...data, cancelledBy, guestName })),
      dedupeKey: `booking-cancelled-company:${booking.id}`,
      reference: bookingReference(booking.id),
    });
    queued ||= company.queued;
  }
  return queued;
}
