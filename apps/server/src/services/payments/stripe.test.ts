import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeContractServer, type StripeContractServer } from '../../test/stripe-contract-server.js';
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
      reason: 'dates_lost',
      idempotencyKey: `refund-${created.id}`,
    };
    const refund = await provider.refund(input);
    expect(refund).toMatchObject({ status: 'succeeded', amount: 12_345 });
    expect(lastRequest()).toMatchObject({
      path: '/v1/refunds',
      form: { payment_intent: created.id, amount: '12345', 'metadata[reason]': 'dates_lost' },
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
});
