import { bookingPayments, bookings, emailOutbox, paymentIntents, stays } from '@sas/db';
import { startOfDayIn } from '@sas/domain';
import type { PropertyRow } from '@sas/db/testing';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  guest,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
} from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import {
  declinedPaymentMethod,
  startStripeContractServer,
  type StripeContractServer,
} from '../../test/stripe-contract-server.js';
import { bookingDeps } from '../../lib/booking-deps.js';
import { startInstallmentPayment } from '../../services/schedule/guest-payments.js';
import { runPaymentScheduler } from '../../services/schedule/scheduler.js';

const webhookSecret = 'whsec_webhook_test';
let t: TestApp;
let contract: StripeContractServer;
let stripeApp: FastifyInstance;
let home: PropertyRow;
const signer = new Stripe('sk_test_unused');

beforeAll(async () => {
  contract = await startStripeContractServer();
  t = await buildTestApp({}, { seed: false });
  stripeApp = (
    await t.buildAnotherApp({
      STRIPE_SECRET_KEY: contract.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_contract',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: contract.url,
    })
  ).app;
  home = await createBookableHome(t.db);
});

afterAll(async () => {
  await t?.close();
  await contract?.close();
});

function succeededEvent(paymentIntentId: string): string {
  return JSON.stringify({
    id: `evt_${paymentIntentId}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    type: 'payment_intent.succeeded',
    data: { object: contract.intents.get(paymentIntentId) ?? { id: paymentIntentId, object: 'payment_intent' } },
  });
}

function postWebhook(
  payload: string,
  signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
) {
  return stripeApp.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

async function bookingsOf(paymentIntentId: string) {
  return t.db.select().from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId));
}

describe('Stripe mode', () => {
  it('saves the card of an installment booking, charges the next one off-session, and records one paid on the page by its webhook', async () => {
    const stay = nextStay(3);
    const intent = await createIntent(stripeApp, intentRequest(home, stay, { paymentPlan: 'installments' }));
    expect(contract.intents.get(intent.paymentIntentId)).toMatchObject({
      setup_future_usage: 'off_session',
      amount: intent.amount,
    });
    contract.succeed(intent.paymentIntentId);
    expect((await postWebhook(succeededEvent(intent.paymentIntentId))).statusCode).toBe(200);
    const [booking] = await bookingsOf(intent.paymentIntentId);
    expect(booking?.paymentMethodId).toBe(`pm_contract_${intent.paymentIntentId}`);
    expect(booking?.customerId).toMatch(/^cus_contract_/);
    const schedule = await t.db
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.bookingId, booking!.id))
      .orderBy(asc(bookingPayments.seq));
    const deps = bookingDeps(stripeApp);
    const noonOf = (date: string) => new Date(startOfDayIn('America/Denver', date).getTime() + 12 * 3_600_000);

    // The second is charged to the saved card while the guest is away.
    expect((await runPaymentScheduler(deps, noonOf(schedule[1]!.dueDate))).charged).toBe(1);
    const charge = [...contract.intents.values()].find((pi) => pi.metadata.installment === '2');
    expect(charge).toMatchObject({
      status: 'succeeded',
      payment_method: booking?.paymentMethodId,
      amount: schedule[1]!.amountCents,
    });

    // The card is declined for the third; the guest pays it on the page and Stripe's webhook records it.
    await t.db.update(bookings).set({ paymentMethodId: declinedPaymentMethod }).where(eq(bookings.id, booking!.id));
    const third = noonOf(schedule[2]!.dueDate);
    expect((await runPaymentScheduler(deps, third)).failed).toBe(1);
    const [current] = await t.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    const started = await startInstallmentPayment(deps, current!, 3, third);
    if (started.status !== 'ok') throw new Error(started.status);
    expect(contract.intents.get(started.payment.paymentIntentId)).toMatchObject({ setup_future_usage: 'off_session' });
    contract.succeed(started.payment.paymentIntentId);
    expect((await postWebhook(succeededEvent(started.payment.paymentIntentId))).statusCode).toBe(200);
    const after = await t.db
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.bookingId, booking!.id))
      .orderBy(asc(bookingPayments.seq));
    expect(after.map((row) => row.status)).toEqual(['paid', 'paid', 'paid']);
    expect(after[2]?.paymentIntentId).toBe(started.payment.paymentIntentId);
    // The card that paid is kept for what comes next.
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(kept?.paymentMethodId).toBe(`pm_contract_${started.payment.paymentIntentId}`);
  });

  it("gives the browser Stripe's publishable key", async () => {
    const response = await stripeApp.inject({ method: 'GET', url: '/api/stripe/publishable-key' });
    expect(response.json()).toEqual({ publishableKey: 'pk_test_contract', provider: 'stripe' });
  });

  it('books from the webhook alone, with the contact details sent at creation; confirming later changes nothing', async () => {
    const stay = nextStay(3);
    const intent = await createIntent(stripeApp, intentRequest(home, stay));
    expect(intent.paymentIntentId).toMatch(/^pi_contract_/);
    expect(contract.intents.get(intent.paymentIntentId)?.metadata).toMatchObject({
      email: guest.email,
      first_name: guest.firstName,
      check_in: stay.checkIn,
    });

    // The guest pays in Stripe Elements and closes the tab.
    contract.succeed(intent.paymentIntentId);
    const response = await postWebhook(succeededEvent(intent.paymentIntentId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });

    const [booking] = await bookingsOf(intent.paymentIntentId);
    expect(booking).toMatchObject({ email: guest.email, totalCents: intent.amount, status: 'confirmed' });
    // Stripe repeats webhooks; the browser may still confirm.
    expect((await postWebhook(succeededEvent(intent.paymentIntentId))).statusCode).toBe(200);
    const confirm = await postConfirm(stripeApp, confirmationPayload(intent, { propertyId: home.id, ...stay }));
    expect(confirm.status).toBe(200);
    expect(confirm.body.confirmationCode).toBe(booking?.code);
    expect(await bookingsOf(intent.paymentIntentId)).toHaveLength(1);
    const emails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.reference, `booking:${booking!.id}`));
    expect(emails).toHaveLength(1);
  });

  it('ends in one booking when the browser and the webhook confirm at the same time', async () => {
    const stay = nextStay(2);
    const intent = await createIntent(stripeApp, intentRequest(home, stay));
    contract.succeed(intent.paymentIntentId);
    const [confirm, webhook] = await Promise.all([
      postConfirm(stripeApp, confirmationPayload(intent, { propertyId: home.id, ...stay })),
      postWebhook(succeededEvent(intent.paymentIntentId)),
    ]);
    expect([confirm.status, webhook.statusCode]).toEqual([200, 200]);
    expect(await bookingsOf(intent.paymentIntentId)).toHaveLength(1);
    const [record] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.paymentIntentId));
    expect(record?.status).toBe('succeeded');
  });

  it('answers 402 to the browser while Stripe has not taken the payment', async () => {
    const stay = nextStay(2);
    const intent = await createIntent(stripeApp, intentRequest(home, stay));
    const confirm = await postConfirm(stripeApp, confirmationPayload(intent, { propertyId: home.id, ...stay }));
    expect(confirm.status).toBe(402);
    expect(await bookingsOf(intent.paymentIntentId)).toEqual([]);
  });

  it('refuses a webhook whose signature does not match its body, and does nothing', async () => {
    const stay = nextStay(2);
    const intent = await createIntent(stripeApp, intentRequest(home, stay));
    contract.succeed(intent.paymentIntentId);
    const genuine = succeededEvent(intent.paymentIntentId);
    const signature = signer.webhooks.generateTestHeaderString({ payload: genuine, secret: webhookSecret });
    const tampered = genuine.replace('"livemode":false', '"livemode":true');
    expect(tampered).not.toBe(genuine);

    const response = await postWebhook(tampered, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The webhook signature is not valid.' });
    const forged = signer.webhooks.generateTestHeaderString({ payload: genuine, secret: 'whsec_forged' });
    expect((await postWebhook(genuine, forged)).statusCode).toBe(400);
    const unsigned = await stripeApp.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: genuine,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await bookingsOf(intent.paymentIntentId)).toEqual([]);
  });

  it('acknowledges events about other payments and other event types', async () => {
    expect((await postWebhook(succeededEvent('pi_not_ours'))).statusCode).toBe(200);
    const other = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1' } },
    });
    expect((await postWebhook(other)).statusCode).toBe(200);
  });

  it('refunds through Stripe when the paid nights were taken meanwhile', async () => {
    const stay = nextStay(2);
    const intent = await createIntent(stripeApp, intentRequest(home, stay));
    const [record] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.paymentIntentId));
    await t.db
      .update(stays)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stays.id, record!.holdId!));
    await createIntent(stripeApp, intentRequest(home, stay));
    contract.succeed(intent.paymentIntentId);

    expect((await postWebhook(succeededEvent(intent.paymentIntentId))).statusCode).toBe(200);
    const refundCalls = contract.requests.filter((r) => r.path === '/v1/refunds');
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]).toMatchObject({
      form: { payment_intent: intent.paymentIntentId, amount: String(intent.amount) },
    });
    expect(refundCalls[0]?.headers['idempotency-key']).toBe(`refund-${intent.paymentIntentId}`);
    const confirm = await postConfirm(stripeApp, confirmationPayload(intent, { propertyId: home.id, ...stay }));
    expect(confirm).toEqual({
      status: 409,
      body: { message: 'We could not keep these dates after your payment, so it has been refunded in full.' },
    });
    expect(contract.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });

  it('has no sandbox card endpoint, and the sandbox has no webhook', async () => {
    const stay = nextStay(2);
    const intent = await createIntent(stripeApp, intentRequest(home, stay));
    expect((await payWithCard(stripeApp, intent)).status).toBe(404);
    const sandboxWebhook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(sandboxWebhook.statusCode).toBe(404);
  });
});
