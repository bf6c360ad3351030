// The background finalizer (ADR 009): it ends in the same idempotent
// confirmation as the browser's and the webhook's (services/payment-events.ts).
import { bookings, paymentIntents } from '@sas/db';
import { refundedAfterLosingDatesMessage } from '@sas/domain';
import { and, asc, eq, gt, inArray, isNotNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { BookingDeps } from '../money-deps.js';
import { retryCancellationRefunds } from './cancel.js';
import { confirmBooking } from './confirm.js';

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
 * confirmation) are booked, and refunds that failed (lost nights, cancellations)
 * are tried again. Stripe
 * intents still open are asked about every few minutes for two hours, in case
 * a webhook never arrived. `graceSeconds` leaves a fresh payment to the
 * browser's own confirmation, which carries the contact details.
 */
export async function finalizePaidIntents(
  deps: BookingDeps,
  now: Date,
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
        eq(paymentIntents.purpose, 'stay'),
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
      const outcome = await confirmBooking(deps, { paymentIntentId: id }, now);
      if (outcome.status === 'confirmed' && outcome.created) result.confirmed += 1;
      if (outcome.status === 'conflict' && outcome.message === refundedAfterLosingDatesMessage) result.refunded += 1;
    } catch (err) {
      result.failed += 1;
      deps.log.error({ err, paymentIntentId: id }, 'could not finalize a payment');
    }
  }
  // Cancellations whose refund call failed are retried here too.
  const cancellations = await retryCancellationRefunds(deps, { graceSeconds, limit });
  result.refunded += cancellations.refunded;
  result.failed += cancellations.failed;
  return result;
}
