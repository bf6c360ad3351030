// The sandbox processor (the default provider): payment intents live in our
// own payment_intents table, and the local card form confirms them through
// POST /api/sandbox/payment-intents/{id}/confirm, which judges the card like
// Stripe's test mode (sandbox-cards.ts). It never moves money, and says so:
// its publishable key is 'pk_sandbox', which makes the browser show the
// "Test mode - no real charge" form instead of Stripe's.
import { paymentIntents, type Database } from '@sas/db';
import { sandboxPublishableKey } from '@sas/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { matchesHash, randomString, sha256Hex } from '../../lib/tokens.js';
import type { PaymentProvider, ProviderIntent } from './provider.js';
import { judgeTestCard, type TestCard } from './sandbox-cards.js';

export const sandboxIntentPrefix = 'pi_sandbox_';

/** Stripe lets these be canceled; a paid or processing intent cannot be. */
const cancelableStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action'] as const;

export function createSandboxProvider(db: Database): PaymentProvider {
  return {
    name: 'sandbox',
    publishableKey: sandboxPublishableKey,

    createIntent(input) {
      // Nothing to call: the booking service stores the intent in
      // payment_intents, which is this processor's own record.
      const id = `${sandboxIntentPrefix}${randomString(24)}`;
      return Promise.resolve({
        id,
        clientSecret: `${id}_secret_${randomString(24)}`,
        status: 'requires_payment_method',
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
      });
    },

    async retrieveIntent(id) {
      const [row] = await db
        .select({
          status: paymentIntents.status,
          amount: paymentIntents.amountCents,
          currency: paymentIntents.currency,
        })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, id))
        .limit(1);
      if (!row) return null;
      // A refund does not undo a payment at a processor: the intent stays succeeded.
      const status: ProviderIntent['status'] = row.status === 'refunded' ? 'succeeded' : row.status;
      return { id, status, amount: row.amount, currency: row.currency, metadata: {} };
    },

    async cancelIntent(id) {
      // The booking service marks the row canceled itself; the card form then refuses it.
      const [row] = await db
        .update(paymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, [...cancelableStatuses])))
        .returning({ status: paymentIntents.status });
      if (row) return 'canceled';
      const [current] = await db
        .select({ status: paymentIntents.status })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, id));
      if (!current) return null;
      return current.status === 'refunded' ? 'succeeded' : current.status;
    },

    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const [row] = await db
        .select({ status: paymentIntents.status, amount: paymentIntents.amountCents })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, paymentIntentId))
        .limit(1);
      if (!row || (row.status !== 'succeeded' && row.status !== 'refunded')) {
        throw new Error(`Sandbox refund: ${paymentIntentId} has not been paid`);
      }
      if (amount > row.amount) throw new Error(`Sandbox refund: ${amount} is more than was paid (${row.amount})`);
      // Derived from the idempotency key, so repeating a refund finds the same one.
      return { id: `re_sandbox_${sha256Hex(idempotencyKey).slice(0, 24)}`, status: 'succeeded', amount };
    },
  };
}

export type SandboxConfirmOutcome =
  | { status: 'not_found' }
  | { status: 'succeeded'; id: string }
  | { status: 'declined'; message: string }
  | { status: 'closed'; message: string };

/**
 * What the sandbox processor does when the card form is submitted: checks
 * the client secret, judges the card and records the outcome on the intent.
 * The row is locked meanwhile, so two submissions cannot both be judged; a
 * paid intent answers succeeded again without looking at the card.
 */
export async function confirmSandboxPayment(
  db: Database,
  id: string,
  clientSecret: string,
  card: TestCard,
  now: Date = new Date(),
): Promise<SandboxConfirmOutcome> {
  if (!id.startsWith(sandboxIntentPrefix)) return { status: 'not_found' };
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select({ status: paymentIntents.status, secretHash: paymentIntents.clientSecretHash })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, id))
      .for('update');
    // A wrong secret is answered like an unknown intent: it proves nothing about either.
    if (!intent || !matchesHash(clientSecret, intent.secretHash)) return { status: 'not_found' };
    if (intent.status === 'succeeded') return { status: 'succeeded', id };
    if (intent.status === 'refunded' || intent.status === 'canceled') {
      return { status: 'closed', message: 'This payment can no longer be made. Please start your reservation again.' };
    }

    const decision = judgeTestCard(card, now);
    await tx
      .update(paymentIntents)
      .set(
        decision.ok
          ? { status: 'succeeded', lastError: null, updatedAt: sql`now()` }
          : { status: 'requires_payment_method', lastError: decision.message, updatedAt: sql`now()` },
      )
      .where(eq(paymentIntents.id, id));
    return decision.ok ? { status: 'succeeded', id } : { status: 'declined', message: decision.message };
  });
}
