// Refunds of payments the booking could not keep: the paid nights were lost
// to another guest while the payment went through.
import { paymentIntents, type BookingContact } from '@sas/db';
import { refundedAfterLosingDatesMessage } from '@sas/domain';
import { eq, sql } from 'drizzle-orm';
import { bookingEmailData, enqueueRefundNotice, loadEmailProperty } from '../email/booking-emails.js';
import { issueRefund } from '../refunds/issue-refund.js';
import type { BookingDeps } from '../money-deps.js';
import { confirmMessages, type ConfirmOutcome } from './outcomes.js';

/**
 * Refunds a payment whose nights could not be kept, in full, marks the
 * intent refunded and tells the guest. The idempotency key makes a repeated
 * refund (webhook and browser at once, a retry by the finalizer) the same
 * refund at the provider.
 */
export async function refundLostNights(
  deps: BookingDeps,
  intentId: string,
  contact: BookingContact | null,
): Promise<ConfirmOutcome> {
  const { db } = deps;
  const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  if (!intent) return { status: 'not_found' };
  if (intent.status === 'refunded') return { status: 'conflict', message: refundedAfterLosingDatesMessage };
  const to = contact?.email ?? intent.contact?.email;
  const property = to ? await loadEmailProperty(db, intent.propertyId, deps.publicUrl) : null;
  let emailQueued = false;
  const refunded = await issueRefund(
    deps,
    {
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      reason: 'dates_no_longer_available',
      idempotencyKey: `refund-${intent.id}`,
    },
    {
      onRecorded: async (tx) => {
        await tx
          .update(paymentIntents)
          .set({ status: 'refunded', updatedAt: sql`now()` })
          .where(eq(paymentIntents.id, intent.id));
        if (!to || !property) return;
        const data = bookingEmailData(
          '',
          { ...intent, ...intent.guests },
          contact?.firstName ?? intent.contact?.firstName ?? null,
          property,
        );
        emailQueued = await enqueueRefundNotice(tx, intent.id, to, data);
      },
    },
  );
  if (refunded.status === 'failed') {
    deps.log.error({ err: refunded.error, paymentIntentId: intent.id }, 'refund failed; the finalizer will retry it');
    return { status: 'conflict', message: confirmMessages.refundPending };
  }
  if (emailQueued) deps.onEmailQueued?.();
  deps.log.warn(
    { paymentIntentId: intent.id, refundId: refunded.refund.id },
    'paid nights were lost; payment refunded',
  );
  return { status: 'conflict', message: refundedAfterLosingDatesMessage };
}
