// Refunds of payments the booking could not keep: the paid nights were lost
// to another guest while the payment went through.
import { paymentIntents, paymentRefunds, type BookingContact } from '@sas/db';
import { refundedAfterLosingDatesMessage } from '@sas/domain';
import { eq, sql } from 'drizzle-orm';
import { bookingEmailData, enqueueRefundNotice, loadEmailProperty } from '../email/booking-emails.js';
import type { ProviderRefund } from '../payments/provider.js';
import type { BookingDeps, Tx } from './deps.js';
import { confirmMessages, type ConfirmOutcome } from './outcomes.js';

/** Records a refund the provider made of (part of) an intent; recording it twice changes nothing. */
export async function recordRefund(
  tx: Pick<Tx, 'insert'>,
  intent: Pick<typeof paymentIntents.$inferSelect, 'id' | 'provider'>,
  refund: ProviderRefund,
  reason: 'dates_no_longer_available' | 'cancellation' | 'concierge_cancellation' | 'validation',
): Promise<void> {
  await tx
    .insert(paymentRefunds)
    .values({
      id: refund.id,
      paymentIntentId: intent.id,
      provider: intent.provider,
      amountCents: refund.amount,
      status: refund.status,
      reason,
    })
    .onConflictDoNothing();
}

/**
 * Refunds a payment whose nights could not be kept, records it, and tells the
 * guest. The idempotency key makes a repeated refund (webhook and browser at
 * once, a retry by the finalizer) the same refund at the provider.
 */
export async function refundLostNights(
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
    await recordRefund(tx, intent, refund, 'dates_no_longer_available');
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
