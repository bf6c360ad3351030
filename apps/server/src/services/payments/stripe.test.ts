import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declinedPaymentMethod,
  startStripeContractServer,
  type StripeContractServer,
} from '../../test/stripe-contract-server.js';
import { WebhookSignatureError, type PaymentProvider } from './provider.js';
import { createStripeProvider, stripeApiVersion } from './stripe.js';

let contract: StripeContractServer;
let provider: PaymentProvider;
const webhookSecret = 'whsec_contract_test';

beforeAll(async () => {
  contract = await startStripeContractServer();
  provider = createStripeProvider({
    secretKey: contract.secretKey,
    publishableKey: 'pk_test_contract',
    webhookSecret,
    apiUrl: contract.url,
  });
});

afterAll(async () => {
  await contract?.close();
});

function lastRequest() {
  const request = contract.requests.at(-1);
  if (!request) throw new Error('no request');
  return request;
}

describe('the Stripe provider, against the API contract', () => {
  it('creates a payment intent with an idempotency key, the pinned API version and the right fields', async () => {
    const created = await provider.createIntent({
      amount: 87_500,
      currency: 'usd',
      description: 'Stay 2027-01-04 to 2027-01-07',
      metadata: { hold_id: 'h1', email: 'ada@example.com' },
      idempotencyKey: 'hold-h1',
    });
    expect(created).toEqual({
      id: 'pi_contract_1',
      clientSecret: 'pi_contract_1_secret_contract1',
      status: 'requires_payment_method',
      amount: 87_500,
      currency: 'usd',
      metadata: { hold_id: 'h1', email: 'ada@example.com' },
      customerId: null,
      paymentMethodId: null,
    });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request.headers['idempotency-key']).toBe('hold-h1');
    expect(request.headers['stripe-version']).toBe(stripeApiVersion);
    expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      amount: '87500',
      currency: 'usd',
      description: 'Stay 2027-01-04 to 2027-01-07',
      'metadata[hold_id]': 'h1',
      'metadata[email]': 'ada@example.com',
      'automatic_payment_methods[enabled]': 'true',
    });

    // The same key again is the same intent, not a second one.
    const again = await provider.createIntent({
      amount: 87_500,
      currency: 'usd',
      description: 'x',
      metadata: {},
      idempotencyKey: 'hold-h1',
    });
    expect(again.id).toBe('pi_contract_1');
    expect(contract.intents.size).toBe(1);
  });

  it('reads an intent, and says null for one Stripe does not know', async () => {
    const created = await provider.createIntent({
      amount: 5_000,
      currency: 'usd',
      description: 'd',
      metadata: {},
      idempotencyKey: 'hold-read',
    });
    expect(await provider.retrieveIntent(created.id)).toMatchObject({ status: 'requires_payment_method' });
    contract.succeed(created.id);
    expect(await provider.retrieveIntent(created.id)).toMatchObject({ status: 'succeeded', amount: 5_000 });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${created.id}` });
    expect(await provider.retrieveIntent('pi_missing')).toBeNull();
  });

  it('refunds with an idempotency key, so a repeated refund is the same refund', async () => {
    const created = await provider.createIntent({
      amount: 12_345,
      currency: 'usd',
      description: 'd',
      metadata: {},
      idempotencyKey: 'hold-refund',
    });
    contract.succeed(created.id);
    const input = {
      paymentIntentId: created.id,
      amount: 12_345,
      reason: 'dates_no_longer_available' as const,
      idempotencyKey: `refund-${created.id}`,
    };
    const refund = await provider.refund(input);
    expect(refund).toMatchObject({ status: 'succeeded', amount: 12_345 });
    expect(lastRequest()).toMatchObject({
      path: '/v1/refunds',
      form: { payment_intent: created.id, amount: '12345', 'metadata[reason]': 'dates_no_longer_available' },
    });
    expect(lastRequest().headers['idempotency-key']).toBe(`refund-${created.id}`);
    expect((await provider.refund(input)).id).toBe(refund.id);
  });

  it('cancels an abandoned intent with an idempotency key, and reports a paid one as paid', async () => {
    const abandoned = await provider.createIntent({
      amount: 9_900,
      currency: 'usd',
      description: 'd',
      metadata: {},
      idempotencyKey: 'hold-cancel',
    });
    expect(await provider.cancelIntent(abandoned.id)).toBe('canceled');
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${abandoned.id}/cancel`,
      form: { cancellation_reason: 'abandoned' },
    });
    expect(lastRequest().headers['idempotency-key']).toBe(`cancel-${abandoned.id}`);

    const paid = await provider.createIntent({
      amount: 9_900,
      currency: 'usd',
      description: 'd',
      metadata: {},
      idempotencyKey: 'hold-cancel-paid',
    });
    contract.succeed(paid.id);
    // Stripe refuses to cancel a paid intent; the provider says what it is instead of failing.
    expect(await provider.cancelIntent(paid.id)).toBe('succeeded');
    expect(await provider.cancelIntent('pi_missing')).toBeNull();
  });

  it('verifies webhook signatures: a valid one is accepted, a tampered body or wrong secret refused', () => {
    const stripe = new Stripe('sk_test_unused');
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_contract_9', object: 'payment_intent' } },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(provider.constructWebhookEvent?.(Buffer.from(payload), header)).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      paymentIntentId: 'pi_contract_9',
    });
    const tampered = payload.replace('pi_contract_9', 'pi_contract_8');
    expect(() => provider.constructWebhookEvent?.(Buffer.from(tampered), header)).toThrow(WebhookSignatureError);
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(() => provider.constructWebhookEvent?.(Buffer.from(payload), forged)).toThrow(WebhookSignatureError);
  });

  describe('saved cards and holds (issue 17)', () => {
    it('saves the card on a customer with setup_future_usage, and reads the saved card once paid', async () => {
      const created = await provider.createIntent({
        amount: 30_000,
        currency: 'usd',
        description: 'first installment',
        metadata: { hold_id: 'h-save' },
        idempotencyKey: 'hold-h-save',
        saveCard: { email: 'ada@example.com', name: 'Ada Lovelace' },
      });
      const customerCall = contract.requests.find((r) => r.path === '/v1/customers');
      expect(customerCall?.headers['idempotency-key']).toBe('hold-h-save-customer');
      expect(customerCall?.form).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
      expect(lastRequest().form.customer).toMatch(/^cus_contract_/);
      expect(lastRequest().form.setup_future_usage).toBe('off_session');
      contract.succeed(created.id);
      const read = await provider.retrieveIntent(created.id);
      expect(read?.customerId).toMatch(/^cus_contract_/);
      expect(read?.paymentMethodId).toBe(`pm_contract_${created.id}`);
    });

    it('charges a saved card off-session under the key, and the same key answers the same charge', async () => {
      const card = { customerId: 'cus_contract_x', paymentMethodId: 'pm_contract_x' };
      const input = {
        card,
        amount: 25_000,
        currency: 'usd',
        description: 'Installment 2',
        metadata: { installment: '2' },
        idempotencyKey: 'installment-row-1',
      };
      const first = await provider.chargeSavedCard(input);
      expect(first).toMatchObject({ ok: true, intent: { status: 'succeeded', amount: 25_000 } });
      expect(lastRequest().form).toMatchObject({
        customer: 'cus_contract_x',
        payment_method: 'pm_contract_x',
        off_session: 'true',
        confirm: 'true',
      });
      expect(lastRequest().headers['idempotency-key']).toBe('installment-row-1');
      const before = contract.intents.size;
      const again = await provider.chargeSavedCard(input);
      expect(again.ok && again.intent.id).toBe(first.ok && first.intent.id);
      expect(contract.intents.size).toBe(before);
    });

    it('answers a declined saved card as a decline with its intent, not an error', async () => {
      const outcome = await provider.chargeSavedCard({
        card: { customerId: 'cus_contract_y', paymentMethodId: declinedPaymentMethod },
        amount: 25_000,
        currency: 'usd',
        description: 'Installment 2',
        metadata: {},
        idempotencyKey: 'installment-row-declined',
      });
      expect(outcome).toMatchObject({ ok: false, code: 'card_declined', message: 'Your card was declined.' });
      expect(!outcome.ok && outcome.intentId).toMatch(/^pi_contract_/);
    });

    it('places a hold with manual capture, captures part of it, and releases another', async () => {
      const card = { customerId: 'cus_contract_z', paymentMethodId: 'pm_contract_z' };
      const hold = await provider.chargeSavedCard({
        card,
        amount: 50_000,
        currency: 'usd',
        description: 'deposit',
        metadata: {},
        idempotencyKey: 'deposit-b1-hold-1',
        captureMethod: 'manual',
      });
      expect(hold).toMatchObject({ ok: true, intent: { status: 'requires_capture' } });
      expect(lastRequest().form).toMatchObject({ capture_method: 'manual' });
      if (!hold.ok) throw new Error('no hold');
      const captured = await provider.capture({
        paymentIntentId: hold.intent.id,
        amount: 50_00 * 10,
        idempotencyKey: 'deposit-b1-capture-2',
      });
      expect(captured.status).toBe('succeeded');
      expect(lastRequest()).toMatchObject({ path: `/v1/payment_intents/${hold.intent.id}/capture` });
      expect(lastRequest().form).toEqual({ amount_to_capture: '50000' });
      expect(lastRequest().headers['idempotency-key']).toBe('deposit-b1-capture-2');

      const other = await provider.chargeSavedCard({
        card,
        amount: 50_000,
        currency: 'usd',
        description: 'deposit',
        metadata: {},
        idempotencyKey: 'deposit-b1-hold-3',
        captureMethod: 'manual',
      });
      if (!other.ok) throw new Error('no hold');
      expect(await provider.cancelIntent(other.intent.id)).toBe('canceled');
    });
  });
});
