import { bookings, paymentIntents, stays } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  payWithCard,
  postIntent,
  testCards,
} from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let home: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function intentRecord(id: string) {
  const [row] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row!;
}

async function stayRow(id: string) {
  const [row] = await t.db.select().from(stays).where(eq(stays.id, id));
  return row!;
}

describe('POST /api/sandbox/payment-intents/:id/confirm', () => {
  it('takes the test card 4242 and records the intent as succeeded, once', async () => {
    const intent = await createIntent(t.app, intentRequest(home, nextStay()));
    expect(await payWithCard(t.app, intent)).toEqual({
      status: 200,
      body: { id: intent.paymentIntentId, status: 'succeeded' },
    });
    expect((await intentRecord(intent.paymentIntentId)).status).toBe('succeeded');
    // Submitting again (a double click) does not pay twice and does not judge the new card.
    expect(await payWithCard(t.app, intent, testCards.declined)).toEqual({
      status: 200,
      body: { id: intent.paymentIntentId, status: 'succeeded' },
    });
  });

  it('declines 4000 0000 0000 0002: no booking, the hold lasts until it expires, other holds untouched', async () => {
    const mine = nextStay();
    const theirs = nextStay();
    const intent = await createIntent(t.app, intentRequest(home, mine));
    const other = await createIntent(t.app, intentRequest(home, theirs));
    const otherHoldBefore = await stayRow((await intentRecord(other.paymentIntentId)).holdId!);

    expect(await payWithCard(t.app, intent, testCards.declined)).toEqual({
      status: 402,
      body: { status: 'requires_payment_method', message: 'Your card was declined.' },
    });
    const record = await intentRecord(intent.paymentIntentId);
    expect(record).toMatchObject({ status: 'requires_payment_method', lastError: 'Your card was declined.' });
    expect(await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId))).toEqual([]);

    // The guest may try another card while the hold lasts; nobody else can take the nights.
    const hold = await stayRow(record.holdId!);
    expect(hold).toMatchObject({ kind: 'hold', status: 'active' });
    expect(hold.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await postIntent(t.app, intentRequest(home, mine))).status).toBe(409);

    // Once it expires, the nights are free again; the other guest's hold is as it was.
    await t.db
      .update(stays)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(stays.id, hold.id));
    expect((await postIntent(t.app, intentRequest(home, mine))).status).toBe(200);
    expect((await stayRow(hold.id)).status).toBe('released');
    expect(await stayRow(otherHoldBefore.id)).toEqual(otherHoldBefore);
  });

  it('answers with the message of each refused card', async () => {
    const intent = await createIntent(t.app, intentRequest(home, nextStay()));
    const cases: [string, Parameters<typeof payWithCard>[3], string][] = [
      [testCards.insufficientFunds, {}, 'Your card has insufficient funds.'],
      [testCards.visa, { expMonth: 1, expYear: 2020 }, 'Your card has expired.'],
      [testCards.visa, { cvc: '12' }, "Your card's security code is incorrect."],
      ['4242424242424241', {}, 'Your card number is incorrect.'],
    ];
    for (const [number, card, message] of cases) {
      expect(await payWithCard(t.app, intent, number, card)).toEqual({
        status: 402,
        body: { status: 'requires_payment_method', message },
      });
    }
    // Then a good card still pays.
    expect((await payWithCard(t.app, intent)).status).toBe(200);
  });

  it('answers 404 for an unknown intent or a wrong client secret, and 400 for a malformed card', async () => {
    const intent = await createIntent(t.app, intentRequest(home, nextStay()));
    const wrongSecret = await payWithCard(t.app, { ...intent, clientSecret: `${intent.paymentIntentId}_secret_nope` });
    expect(wrongSecret).toEqual({ status: 404, body: { message: 'No such payment intent.' } });
    expect((await payWithCard(t.app, { ...intent, paymentIntentId: 'pi_sandbox_unknown' })).status).toBe(404);
    expect((await intentRecord(intent.paymentIntentId)).status).toBe('requires_payment_method');

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`,
      payload: { clientSecret: intent.clientSecret, card: { number: testCards.visa } },
    });
    expect(response.statusCode).toBe(400);
  });
});
