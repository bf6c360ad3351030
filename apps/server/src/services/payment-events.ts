// The provider's webhook (ADR 009): which part of the money path a payment
// event is about. Above the booking, the concierge services and the payment
// schedule, so none of them needs to know the others' payments.
import { bookingConcierge, bookingDeposits, bookingPayments, paymentIntents } from '@sas/db';
import { and, asc, eq, gt, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import { confirmBooking } from './booking/index.js';
import { confirmConciergeByIntent } from './concierge.js';
import type { BookingDeps } from './money-deps.js';
import type { PaymentWebhookEvent } from './payments/provider.js';
import { confirmGuestPaymentByIntent } from './schedule/guest-payments.js';

/** What a provider's webhook event leads to. Events about other payments are acknowledged and ignored. */
export async function handlePaymentEvent(deps: BookingDeps, event: PaymentWebhookEvent, now: Date): Promise<void> {
  if (!event.paymentIntentId) return;
  // A hold the guest authorised (the deposit) is ready once its amount can be captured.
  if (event.type === 'payment_intent.amount_capturable_updated') {
    await confirmGuestPaymentByIntent(deps, event.paymentIntentId, now);
    return;
  }
  if (event.type !== 'payment_intent.succeeded') return;
  if (await confirmConciergeByIntent(deps, event.paymentIntentId)) return;
  if (await confirmGuestPaymentByIntent(deps, event.paymentIntentId, now)) return;
  const outcome = await confirmBooking(deps, { paymentIntentId: event.paymentIntentId }, now);
  if (outcome.status === 'not_found') {
    deps.log.info({ eventId: event.id, paymentIntentId: event.paymentIntentId }, 'webhook for a payment not ours');
  }
}

/** Statuses after which the provider may still report the payment made. */
const unsettledStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
] as const;

/**
 * The finalizer's part for payments that are not a stay (issue 29 item 4): a
 * concierge service, an installment or the deposit's hold paid on the
 * booking's page whose browser and webhook never came (the sandbox has no
 * webhooks). Each is settled as the webhook would settle it. Candidates: the
 * processor took the money (our row says so: the sandbox writes it) or, for
 * Stripe, an open intent of the last two hours, asked every few minutes.
 * Answers how many were looked at.
 */
export async function finalizeServicePayments(
  deps: BookingDeps,
  now: Date,
  { graceSeconds = 60, limit = 25 }: { graceSeconds?: number; limit?: number } = {},
): Promise<number> {
  const { db } = deps;
  const settledBefore = sql`now() - make_interval(secs => ${graceSeconds})`;
  const unsettled = or(
    // The concierge service still waiting for its payment.
    and(
      eq(paymentIntents.purpose, 'concierge'),
      sql`EXISTS (SELECT 1 FROM ${bookingConcierge} WHERE ${bookingConcierge.paymentIntentId} = ${paymentIntents.id} AND ${bookingConcierge.status} = 'pending')`,
    ),
    // A guest's installment that no schedule row records as paid with it.
    and(
      eq(paymentIntents.purpose, 'installment'),
      sql`${paymentIntents.clientReference} IS NOT NULL`,
      notExists(
        db
          .select({ one: sql`1` })
          .from(bookingPayments)
          .where(eq(bookingPayments.paymentIntentId, paymentIntents.id)),
      ),
    ),
    // A guest's deposit hold the deposit does not hold yet.
    and(
      eq(paymentIntents.purpose, 'deposit'),
      sql`${paymentIntents.clientReference} IS NOT NULL`,
      notExists(
        db
          .select({ one: sql`1` })
          .from(bookingDeposits)
          .where(eq(bookingDeposits.holdIntentId, paymentIntents.id)),
      ),
    ),
  );
  const candidates = await db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.provider, deps.payments.name),
        unsettled,
        or(
          and(
            inArray(paymentIntents.status, ['succeeded', 'requires_capture']),
            lte(paymentIntents.updatedAt, settledBefore),
          ),
          and(
            eq(paymentIntents.provider, 'stripe'),
            inArray(paymentIntents.status, [...unsettledStatuses]),
            lte(paymentIntents.updatedAt, sql`now() - interval '5 minutes'`),
            gt(paymentIntents.createdAt, sql`now() - interval '2 hours'`),
          ),
        ),
      ),
    )
    .orderBy(asc(paymentIntents.createdAt))
    .limit(limit);
  for (const { id } of candidates) {
    try {
      if (await confirmConciergeByIntent(deps, id)) continue;
      await confirmGuestPaymentByIntent(deps, id, now);
    } catch (err) {
      deps.log.error({ err, paymentIntentId: id }, 'could not finalize a payment made on a booking page');
    }
  }
  return candidates.length;
}
