// Concierge services a guest adds to a booking after booking it (issue 16
// item 4, ADR 030): an add-on of the catalogue for a day and time of the
// stay, priced here from the catalogue and paid as its own payment intent
// (purpose 'concierge', never booked as a stay). The rules are the domain's
// (`checkConciergeOrder`); this file holds the money: ordering, marking paid
// once the provider says so, and cancelling with a full refund.
import { randomUUID } from 'node:crypto';
import { bookingConcierge, bookings, paymentIntents } from '@sas/db';
import {
  centsToDollars,
  checkConciergeOrder,
  companyName,
  conciergeCancelDeadline,
  conciergeRules,
  ConciergeRuleError,
  DomainError,
  type ConciergeOrderBody,
  type ConciergeOrderResponse,
  type ConciergeService,
} from '@sas/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { sha256Hex } from '../lib/tokens.js';
import type { BookingDeps, BookingRow } from './money-deps.js';
import { bookingReference } from './email/booking-emails.js';
import { enqueueEmail } from './email/outbox.js';
import { renderEmail } from './email/render.js';
import { homeTimeZone } from './property-ref.js';
import { issueRefund } from './refunds/issue-refund.js';
import { postPayment } from './ledger/post.js';

type ServiceRow = typeof bookingConcierge.$inferSelect;
type Inserter = Pick<BookingDeps['db'], 'insert'>;

/**
 * The add-ons chosen with the reservation, on the concierge schedule: paid
 * with the stay (no payment of their own), so they are refunded with the
 * stay by its cancellation tiers, not on their own.
 */
export async function scheduleBookedAddOns(tx: Inserter, booking: BookingRow): Promise<void> {
  const scheduled = booking.addOns.filter((addOn) => addOn.date && addOn.time);
  if (scheduled.length === 0) return;
  await tx.insert(bookingConcierge).values(
    scheduled.map((addOn) => ({
      bookingId: booking.id,
      propertyId: booking.propertyId,
      addOnId: addOn.id,
      name: addOn.name,
      option: addOn.option ?? null,
      serviceDate: addOn.date!,
      serviceTime: addOn.time!,
      priceCents: addOn.price,
      status: 'paid' as const,
      paidAt: booking.createdAt,
    })),
  );
}

export const conciergeMessages = {
  notFound: 'No such service on this booking.',
  cancelledBooking: 'This booking is cancelled: services can no longer be added.',
  notPaid: 'This service has not been paid, so there is nothing to cancel.',
  withStay: 'This service was booked with your stay: it is refunded with the stay if you cancel the booking.',
  tooLate: `Services can be cancelled with a full refund until ${conciergeRules.cancelHoursBefore} hours before their time. Please call us.`,
  providerFailed: 'The payment could not be set up just now. Please try again.',
} as const;

export function describeService(row: ServiceRow, timeZone: string): ConciergeService {
  return {
    id: row.id,
    addOnId: row.addOnId,
    name: row.name,
    option: row.option,
    date: row.serviceDate,
    time: row.serviceTime,
    price: centsToDollars(row.priceCents),
    status: row.status,
    cancellableUntil:
      row.status === 'paid' && row.paymentIntentId !== null
        ? conciergeCancelDeadline(row.serviceDate, row.serviceTime, timeZone).toISOString()
        : null,
    withStay: row.paymentIntentId === null,
    refundAmount: row.refundCents === null ? null : centsToDollars(row.refundCents),
  };
}

/** A booking's services, by date and time; the unpaid ones a newer order replaced are left out. */
export async function listConcierge(
  db: BookingDeps['db'],
  bookingId: string,
  timeZone: string,
): Promise<ConciergeService[]> {
  const rows = await db
    .select()
    .from(bookingConcierge)
    .where(and(eq(bookingConcierge.bookingId, bookingId), inArray(bookingConcierge.status, ['paid', 'cancelled'])))
    .orderBy(asc(bookingConcierge.serviceDate), asc(bookingConcierge.serviceTime));
  return rows.map((row) => describeService(row, timeZone));
}

/**
 * Orders a service for a booking: checks the rules on the booking's row lock
 * against the services already paid, records it pending, and creates its
 * payment intent with a key derived from the row. Two unpaid orders of one
 * evening's chef (two tabs) may both exist; the second to be paid is refunded.
 */
export async function orderConcierge(
  deps: BookingDeps,
  booking: BookingRow,
  body: ConciergeOrderBody,
  now: Date,
): Promise<ConciergeOrderResponse> {
  const { db, payments } = deps;
  const timeZone = await homeTimeZone(deps.db, booking.propertyId);
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update');
    if (current?.status !== 'confirmed') throw new ConciergeRuleError(conciergeMessages.cancelledBooking);
    const chefs = await tx
      .select({ date: bookingConcierge.serviceDate })
      .from(bookingConcierge)
      .where(
        and(
          eq(bookingConcierge.propertyId, booking.propertyId),
          eq(bookingConcierge.addOnId, conciergeRules.privateChefId),
          eq(bookingConcierge.status, 'paid'),
        ),
      );
    const priced = checkConciergeOrder(
      { addOnId: body.id, option: body.option, date: body.date, time: body.time },
      { checkIn: current.checkIn, checkOut: current.checkOut, timeZone, chefDates: chefs.map((c) => c.date) },
      now,
    );
    const [inserted] = await tx
      .insert(bookingConcierge)
      .values({
        id,
        bookingId: booking.id,
        propertyId: booking.propertyId,
        addOnId: body.id,
        name: priced.name,
        option: priced.option,
        serviceDate: body.date,
        serviceTime: body.time,
        priceCents: priced.price,
      })
      .returning();
    return inserted!;
  });

  let created;
  try {
    created = await payments.createIntent({
      amount: row.priceCents,
      currency: booking.currency,
      description: `${companyName} ${row.name} for booking ${booking.code}`,
      metadata: { booking: booking.code, concierge: row.id },
      idempotencyKey: `concierge-${row.id}`,
    });
  } catch (err) {
    deps.log.error({ err, serviceId: row.id }, 'could not create the payment of a concierge service');
    await db.update(bookingConcierge).set({ status: 'abandoned' }).where(eq(bookingConcierge.id, row.id));
    // Nothing was charged; the guest may try again.
    throw new DomainError('unavailable', conciergeMessages.providerFailed);
  }
  await db.transaction(async (tx) => {
    await tx.insert(paymentIntents).values({
      id: created.id,
      provider: payments.name,
      status: created.status,
      amountCents: row.priceCents,
      currency: booking.currency,
      clientSecretHash: sha256Hex(created.clientSecret),
      propertyId: booking.propertyId,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights: booking.nights,
      guests: { adults: booking.adults, children: booking.children, infants: booking.infants, pets: booking.pets },
      addOns: [
        { id: row.addOnId, name: row.name, price: row.priceCents, ...(row.option ? { option: row.option } : {}) },
      ],
      baseCents: 0,
      feesCents: 0,
      taxesCents: 0,
      addOnsCents: row.priceCents,
      userId: booking.userId,
      purpose: 'concierge',
    });
    await tx.update(bookingConcierge).set({ paymentIntentId: created.id }).where(eq(bookingConcierge.id, row.id));
  });
  return {
    addOn: describeService({ ...row, paymentIntentId: created.id }, timeZone),
    payment: {
      paymentIntentId: created.id,
      clientSecret: created.clientSecret,
      publishableKey: payments.publishableKey,
      amount: row.priceCents,
      currency: booking.currency,
    },
  };
}

async function findService(deps: BookingDeps, booking: BookingRow, serviceId: string): Promise<ServiceRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(serviceId)) return null;
  const [row] = await deps.db
    .select()
    .from(bookingConcierge)
    .where(and(eq(bookingConcierge.id, serviceId), eq(bookingConcierge.bookingId, booking.id)));
  return row ?? null;
}

async function emailGuest(
  tx: Parameters<typeof enqueueEmail>[0],
  kind: 'paid' | 'cancelled',
  booking: BookingRow,
  row: ServiceRow,
): Promise<boolean> {
  if (!booking.email) return false;
  const { queued } = await enqueueEmail(tx, {
    kind: kind === 'paid' ? 'concierge_paid' : 'concierge_cancelled',
    to: booking.email,
    ...(await renderEmail('concierge-service', {
      kind,
      firstName: booking.firstName,
      code: booking.code,
      service: row,
    })),
    dedupeKey: `concierge-${kind}:${row.id}`,
    reference: bookingReference(booking.id),
  });
  return queued;
}

/**
 * Marks a service paid once the provider says its payment succeeded (the
 * browser after the card form, or the webhook): repeating it changes nothing.
 * A payment for an order that was replaced meanwhile is refunded in full.
 */
export async function confirmConcierge(
  deps: BookingDeps,
  booking: BookingRow,
  serviceId: string,
): Promise<ConciergeService | null> {
  const row = await findService(deps, booking, serviceId);
  if (!row) return null;
  const timeZone = await homeTimeZone(deps.db, booking.propertyId);
  if (row.status !== 'pending' || row.paymentIntentId === null) return describeService(row, timeZone);
  const intent = await deps.payments.retrieveIntent(row.paymentIntentId);
  if (intent?.status !== 'succeeded' || intent.amount !== row.priceCents) return describeService(row, timeZone);
  let queued = false;
  let paid: ServiceRow | undefined;
  try {
    paid = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(bookingConcierge)
        .set({ status: 'paid', paidAt: sql`now()` })
        .where(and(eq(bookingConcierge.id, row.id), eq(bookingConcierge.status, 'pending')))
        .returning();
      await tx
        .update(paymentIntents)
        .set({ status: 'succeeded', updatedAt: sql`now()` })
        .where(eq(paymentIntents.id, row.paymentIntentId!));
      if (updated) await postPayment(tx, row.paymentIntentId!);
      if (updated) queued = await emailGuest(tx, 'paid', booking, updated);
      return updated;
    });
  } catch (err) {
    // Another payment took the evening's private chef first: this one is given back.
    deps.log.warn({ err, serviceId: row.id }, 'a second private chef for one evening was paid; refunding it');
    await refundService(deps, booking, row);
  }
  if (queued) deps.onEmailQueued?.();
  const [latest] = await deps.db.select().from(bookingConcierge).where(eq(bookingConcierge.id, row.id));
  return describeService(paid ?? latest ?? row, timeZone);
}

/** Refunds a paid service in full and marks it cancelled; a repeat refunds nothing more. */
async function refundService(deps: BookingDeps, booking: BookingRow, row: ServiceRow): Promise<ServiceRow> {
  let queued = false;
  let cancelled: ServiceRow | undefined;
  const refunded = await issueRefund(
    deps,
    {
      paymentIntentId: row.paymentIntentId!,
      amountCents: row.priceCents,
      reason: 'concierge_cancellation',
      idempotencyKey: `concierge-cancel-${row.id}`,
    },
    {
      onRecorded: async (tx, refund) => {
        [cancelled] = await tx
          .update(bookingConcierge)
          .set({ status: 'cancelled', refundCents: refund.amount, cancelledAt: sql`now()` })
          .where(and(eq(bookingConcierge.id, row.id), inArray(bookingConcierge.status, ['pending', 'paid'])))
          .returning();
        if (cancelled) queued = await emailGuest(tx, 'cancelled', booking, cancelled);
      },
    },
  );
  if (refunded.status === 'failed') throw refunded.error;
  if (queued) deps.onEmailQueued?.();
  if (cancelled) return cancelled;
  const [latest] = await deps.db.select().from(bookingConcierge).where(eq(bookingConcierge.id, row.id));
  return latest ?? row;
}

/**
 * Cancels a paid service with a full refund, until 48 hours before its time.
 * Idempotent: a double click or two tabs give one refund (the provider's
 * idempotency key is the row's), and a repeat answers the cancelled service.
 */
export async function cancelConcierge(
  deps: BookingDeps,
  booking: BookingRow,
  serviceId: string,
  now: Date,
): Promise<ConciergeService | null> {
  const row = await findService(deps, booking, serviceId);
  if (!row) return null;
  const timeZone = await homeTimeZone(deps.db, booking.propertyId);
  if (row.status === 'cancelled') return describeService(row, timeZone);
  if (row.status !== 'paid') throw new ConciergeRuleError(conciergeMessages.notPaid);
  if (row.paymentIntentId === null) throw new ConciergeRuleError(conciergeMessages.withStay);
  if (now.getTime() > conciergeCancelDeadline(row.serviceDate, row.serviceTime, timeZone).getTime()) {
    throw new ConciergeRuleError(conciergeMessages.tooLate);
  }
  return describeService(await refundService(deps, booking, row), timeZone);
}

/**
 * When a booking is cancelled, its paid services will not happen: each is
 * refunded in full (and the guest told), whatever the stay's own refund.
 */
export async function refundConciergeOfBooking(deps: BookingDeps, bookingId: string): Promise<void> {
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return;
  const paid = await deps.db
    .select()
    .from(bookingConcierge)
    .where(
      and(
        eq(bookingConcierge.bookingId, bookingId),
        eq(bookingConcierge.status, 'paid'),
        isNotNull(bookingConcierge.paymentIntentId),
      ),
    );
  for (const row of paid) {
    try {
      await refundService(deps, booking, row);
    } catch (err) {
      deps.log.error({ err, serviceId: row.id }, 'could not refund a concierge service of a cancelled booking');
    }
  }
}

/** The provider's webhook for a service's payment: marks it paid as the browser would. Returns false when the intent is not a service's. */
export async function confirmConciergeByIntent(deps: BookingDeps, paymentIntentId: string): Promise<boolean> {
  const [found] = await deps.db
    .select({ service: bookingConcierge.id, booking: bookings })
    .from(bookingConcierge)
    .innerJoin(bookings, eq(bookings.id, bookingConcierge.bookingId))
    .where(eq(bookingConcierge.paymentIntentId, paymentIntentId));
  if (!found) return false;
  await confirmConcierge(deps, found.booking, found.service);
  return true;
}
