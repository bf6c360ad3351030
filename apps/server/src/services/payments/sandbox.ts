// The sandbox processor (the default provider): payment intents live in our
// own payment_intents table, and the local card form confirms them through
// POST /api/sandbox/payment-intents/{id}/confirm, which judges the card like
// Stripe's test mode (sandbox-cards.ts). It never moves money, and says so:
// its publishable key is 'pk_sandbox', which makes the browser show the
// "Test mode - no real charge" form instead of Stripe's.
import { isUniqueViolation, paymentIntents, sandboxCharges, type Database } from '@sas/db';
import { sandboxPublishableKey } from '@sas/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { matchesHash, randomString, sha256Hex } from '../../lib/tokens.js';
import type { OffSessionChargeResult, PaymentProvider, ProviderIntent } from './provider.js';
import { cardMessages, judgeTestCard, type TestCard } from './sandbox-cards.js';

export const sandboxIntentPrefix = 'pi_sandbox_';
/** A saved sandbox card; the ones saved from 4000 0000 0000 0341 carry this mark and decline later charges. */
const savedCardPrefix = 'pm_sandbox_';
const declinesLaterMark = 'declines_later_';

function savedCardOf(declinesLater: boolean): { customerId: string; paymentMethodId: string } {
  return {
    customerId: `cus_sandbox_${randomString(16)}`,
    paymentMethodId: `${savedCardPrefix}${declinesLater ? declinesLaterMark : ''}${randomString(16)}`,
  };
}

type ChargeRow = typeof sandboxCharges.$inferSelect;

function chargeIntent(row: ChargeRow): ProviderIntent {
  const status: ProviderIntent['status'] = row.status === 'refunded' ? 'succeeded' : row.status;
  return { id: row.id, status, amount: row.amountCents, currency: row.currency, metadata: row.metadata };
}

function chargeResult(row: ChargeRow): OffSessionChargeResult {
  return row.lastError
    ? { ok: false, intentId: row.id, code: 'card_declined', message: row.lastError }
    : { ok: true, intent: chargeIntent(row) };
}

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
          customerId: paymentIntents.customerId,
          paymentMethodId: paymentIntents.paymentMethodId,
        })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, id))
        .limit(1);
      if (!row) {
        const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
        return charge ? chargeIntent(charge) : null;
      }
      // A refund does not undo a payment at a processor: the intent stays succeeded.
      const status: ProviderIntent['status'] = row.status === 'refunded' ? 'succeeded' : row.status;
      return {
        id,
        status,
        amount: row.amount,
        currency: row.currency,
        metadata: {},
        customerId: row.customerId,
        paymentMethodId: row.paymentMethodId,
      };
    },

    async chargeSavedCard(input) {
      // The same key answers the first charge made under it, as Stripe's idempotency keys do.
      const [earlier] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, input.idempotencyKey));
      if (earlier) return chargeResult(earlier);
      const known = input.card.paymentMethodId.startsWith(savedCardPrefix);
      const declines = !known || input.card.paymentMethodId.startsWith(`${savedCardPrefix}${declinesLaterMark}`);
      const captureMethod = input.captureMethod ?? 'automatic';
      try {
        const [row] = await db
          .insert(sandboxCharges)
          .values({
            id: `${sandboxIntentPrefix}${randomString(24)}`,
            idempotencyKey: input.idempotencyKey,
            paymentMethodId: input.card.paymentMethodId,
            amountCents: input.amount,
            currency: input.currency,
            status: declines
              ? 'requires_payment_method'
              : captureMethod === 'manual'
                ? 'requires_capture'
                : 'succeeded',
            captureMethod,
            lastError: declines ? cardMessages.declined : null,
            metadata: input.metadata,
          })
          .returning();
        if (!row) throw new Error('Sandbox charge was not recorded');
        return chargeResult(row);
      } catch (err) {
        // Two callers with one key at once: the other one's charge is the answer.
        if (!isUniqueViolation(err)) throw err;
        const [row] = await db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.idempotencyKey, input.idempotencyKey));
        if (!row) throw err;
        return chargeResult(row);
      }
    },

    async capture({ paymentIntentId, amount }) {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, paymentIntentId));
      if (charge) {
        if (charge.status === 'succeeded' && charge.capturedCents !== null) return chargeIntent(charge);
        if (charge.status !== 'requires_capture') throw new Error(`Sandbox capture: ${paymentIntentId} is not a hold`);
        if (amount > charge.amountCents) throw new Error(`Sandbox capture: ${amount} is more than the hold`);
        const [row] = await db
          .update(sandboxCharges)
          .set({ status: 'succeeded', capturedCents: amount })
          .where(and(eq(sandboxCharges.id, paymentIntentId), eq(sandboxCharges.status, 'requires_capture')))
          .returning();
        return chargeIntent(row ?? charge);
      }
      const [intent] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, paymentIntentId));
      if (!intent) throw new Error(`Sandbox capture: no payment intent ${paymentIntentId}`);
      if (intent.status === 'succeeded' && intent.capturedCents !== null) {
        return {
          id: intent.id,
          status: 'succeeded',
          amount: intent.amountCents,
          currency: intent.currency,
          metadata: {},
        };
      }
      if (intent.status !== 'requires_capture') throw new Error(`Sandbox capture: ${paymentIntentId} is not a hold`);
      if (amount > intent.amountCents) throw new Error(`Sandbox capture: ${amount} is more than the hold`);
      await db
        .update(paymentIntents)
        .set({ status: 'succeeded', capturedCents: amount, updatedAt: sql`now()` })
        .where(and(eq(paymentIntents.id, paymentIntentId), eq(paymentIntents.status, 'requires_capture')));
      return {
        id: intent.id,
        status: 'succeeded',
        amount: intent.amountCents,
        currency: intent.currency,
        metadata: {},
      };
    },

    async cancelIntent(id) {
      // The booking service marks the row canceled itself; the card form then refuses it.
      const [row] = await db
        .update(paymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, [...cancelableStatuses])))
        .returning({ status: paymentIntents.status });
      if (row) return 'canceled';
      const [charge] = await db
        .update(sandboxCharges)
        .set({ status: 'canceled' })
        .where(
          and(eq(sandboxCharges.id, id), inArray(sandboxCharges.status, [...cancelableStatuses, 'requires_capture'])),
        )
        .returning({ status: sandboxCharges.status });
      if (charge) return 'canceled';
      const [held] = await db
        .update(paymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'requires_capture')))
        .returning({ status: paymentIntents.status });
      if (held) return 'canceled';
      const [chargeNow] = await db
        .select({ status: sandboxCharges.status })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.id, id));
      if (chargeNow) return chargeNow.status === 'refunded' ? 'succeeded' : chargeNow.status;
      const [current] = await db
        .select({ status: paymentIntents.status })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, id));
      if (!current) return null;
      return current.status === 'refunded' ? 'succeeded' : current.status;
    },

    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const [intentRow] = await db
        .select({ status: paymentIntents.status, amount: paymentIntents.amountCents })
        .from(paymentIntents)
        .where(eq(paymentIntents.id, paymentIntentId))
        .limit(1);
      const [chargeRow] = intentRow
        ? []
        : await db
            .select({ status: sandboxCharges.status, amount: sandboxCharges.amountCents })
            .from(sandboxCharges)
            .where(eq(sandboxCharges.id, paymentIntentId));
      const row = intentRow ?? chargeRow;
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
  now: Date,
): Promise<SandboxConfirmOutcome> {
  if (!id.startsWith(sandboxIntentPrefix)) return { status: 'not_found' };
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select({
        status: paymentIntents.status,
        secretHash: paymentIntents.clientSecretHash,
        captureMethod: paymentIntents.captureMethod,
        saveCard: paymentIntents.saveCard,
      })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, id))
      .for('update');
    // A wrong secret is answered like an unknown intent: it proves nothing about either.
    if (!intent || !matchesHash(clientSecret, intent.secretHash)) return { status: 'not_found' };
    if (intent.status === 'succeeded' || intent.status === 'requires_capture') return { status: 'succeeded', id };
    if (intent.status === 'refunded' || intent.status === 'canceled') {
      return { status: 'closed', message: 'This payment can no longer be made. Please start your reservation again.' };
    }

    const decision = judgeTestCard(card, now);
    await tx
      .update(paymentIntents)
      .set(
        decision.ok
          ? {
              // A hold (the deposit) waits to be captured or released; a payment is done.
              status: intent.captureMethod === 'manual' ? 'requires_capture' : 'succeeded',
              lastError: null,
              updatedAt: sql`now()`,
              ...(intent.saveCard ? savedCardOf(decision.declinesLater === true) : {}),
            }
          : { status: 'requires_payment_method', lastError: decision.message, updatedAt: sql`now()` },
      )
      .where(eq(paymentIntents.id, id));
    return decision.ok ? { status: 'succeeded', id } : { status: 'declined', message: decision.message };
  });
}
