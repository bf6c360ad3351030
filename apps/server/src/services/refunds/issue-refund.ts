// The one refund path (STYLE.md, "one refund path"): every refund, whatever
// gives it back (lost nights, a cancellation, a concierge service, a late
// installment, the deposit's card check), is asked of the provider and
// recorded here, so the money that goes back has one place to be counted.
import { paymentRefunds, type Database, type Transaction } from '@sas/db';
import type { RefundReason } from '@sas/domain';
import { postRefund } from '../ledger/post.js';
import type { PaymentProvider, ProviderRefund } from '../payments/provider.js';

export interface RefundOrder {
  /** The payment intent the money goes back to. */
  paymentIntentId: string;
  amountCents: number;
  reason: RefundReason;
  /**
   * The same key is the same refund at the provider, so a retry (a lost
   * answer, the finalizer racing the request) never gives money back twice.
   */
  idempotencyKey: string;
}

export interface RefundDeps {
  /** The database, or a transaction the refund's recording joins (the demo history's one transaction). */
  db: Pick<Database | Transaction, 'transaction'>;
  payments: PaymentProvider;
}

export interface RefundOptions {
  /**
   * Runs in the transaction that records the refund: the caller's own rows
   * (the intent refunded, the service cancelled, the guest's e-mail queued).
   */
  onRecorded?: (tx: Transaction, refund: ProviderRefund) => Promise<void>;
  /** Test seam: runs after the provider answered and before the refund is recorded. */
  afterProviderCall?: () => Promise<void> | void;
}

export type RefundOutcome =
  | { status: 'refunded'; refund: ProviderRefund }
  /** The provider refused or could not be reached; nothing was recorded. The caller decides on a retry. */
  | { status: 'failed'; error: unknown };

/**
 * Gives back `amountCents` of a payment: asks the provider under the order's
 * idempotency key, then records the refund in payment_refunds (recording it
 * twice changes nothing) and runs `onRecorded` in the same transaction.
 */
export async function issueRefund(
  { db, payments }: RefundDeps,
  order: RefundOrder,
  { onRecorded, afterProviderCall }: RefundOptions = {},
): Promise<RefundOutcome> {
  if (order.idempotencyKey.trim() === '') throw new Error('A refund needs an idempotency key');
  if (!Number.isInteger(order.amountCents) || order.amountCents <= 0) {
    throw new Error(`A refund must be a positive number of cents, not ${order.amountCents}`);
  }
  let refund: ProviderRefund;
  try {
    refund = await payments.refund({
      paymentIntentId: order.paymentIntentId,
      amount: order.amountCents,
      reason: order.reason,
      idempotencyKey: order.idempotencyKey,
    });
  } catch (error) {
    return { status: 'failed', error };
  }
  await afterProviderCall?.();
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentRefunds)
      .values({
        id: refund.id,
        paymentIntentId: order.paymentIntentId,
        provider: payments.name,
        amountCents: refund.amount,
        status: refund.status,
        reason: order.reason,
      })
      .onConflictDoNothing();
    // The ledger's lines of the refund, in the same transaction (issue 29).
    await postRefund(tx, refund, order.paymentIntentId);
    await onRecorded?.(tx, refund);
  });
  return { status: 'refunded', refund };
}
