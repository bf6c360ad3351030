import { paymentIntents, stays } from '@sas/db';
import { insertStay, type PropertyRow } from '@sas/db/testing';
import { createPaymentIntentResponseSchema } from '@sas/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  postIntent,
  weekdayTotalCents,
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

async function holdsOf(propertyId: string) {
  return t.db
    .select()
    .from(stays)
    .where(and(eq(stays.propertyId, propertyId), eq(stays.kind, 'hold')));
}

describe('GET /api/stripe/publishable-key', () => {
  it('names the sandbox when no Stripe keys are configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stripe/publishable-key' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publishableKey: 'pk_sandbox', provider: 'sandbox' });
  });
});

describe('POST /api/stripe/create-payment-intent', () => {
  it('prices the stay on the server, holds the nights and creates the intent', async () => {
    const stay = nextStay(3);
    // Housekeeping ($100, weekly) and a private chef ($200); the browser's names and prices are ignored.
    const addOns = [
      { id: 1, name: 'Cheap cleaning', price: 1, option: 'weekly' },
      { id: 3, name: 'Private Chef', price: 0 },
    ];
    const before = Date.now();
    const intent = await createIntent(
      t.app,
      intentRequest(home, stay, { addOns, amount: weekdayTotalCents(3, 30_000) }),
    );

    expect(createPaymentIntentResponseSchema.parse(intent)).toEqual(intent);
    expect(intent).toMatchObject({
      amount: 112_500,
      currency: 'usd',
      breakdown: {
        nights: 3,
        basePrice: 600,
        fees: 150,
        taxes: 75,
        addOns: [
          { id: 1, name: 'Housekeeping', option: 'Weekly', price: 100 },
          { id: 3, name: 'Private Chef', price: 200 },
        ],
        total: 1125,
      },
    });
    expect(intent.paymentIntentId).toMatch(/^pi_sandbox_/);
    expect(intent.clientSecret.startsWith(`${intent.paymentIntentId}_secret_`)).toBe(true);
    // Held for HOLD_MINUTES (15 by default).
    const expires = Date.parse(intent.holdExpiresAt);
    expect(expires - before).toBeGreaterThan(14 * 60_000);
    expect(expires - before).toBeLessThan(16 * 60_000);

    const [hold] = (await holdsOf(home.id)).filter((s) => s.nights === `[${stay.checkIn},${stay.checkOut})`);
    expect(hold).toMatchObject({ status: 'active', kind: 'hold' });
    const [record] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.paymentIntentId));
    expect(record).toMatchObject({
      provider: 'sandbox',
      status: 'requires_payment_method',
      amountCents: 112_500,
      holdId: hold?.id,
      baseCents: 60_000,
      feesCents: 15_000,
      taxesCents: 7_500,
      addOnsCents: 30_000,
      contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: '+1 970 555 0100' },
    });
    // Only a hash of the client secret is kept.
    expect(record?.clientSecretHash).not.toContain(intent.clientSecret);
  });

  it('refuses an amount that is not the server total with the right amount, and holds nothing', async () => {
    const stay = nextStay(2);
    const correct = weekdayTotalCents(2);
    const response = await postIntent(t.app, intentRequest(home, stay, { amount: correct - 100 }));
    expect(response).toEqual({
      status: 409,
      body: { message: `The price has changed. The correct total is $${(correct / 100).toFixed(2)}.`, amount: correct },
    });
    // A "free" add-on is priced from the catalogue too.
    const withChef = await postIntent(
      t.app,
      intentRequest(home, stay, { addOns: [{ id: 3, name: 'Private Chef', price: 0 }], amount: correct }),
    );
    expect(withChef.status).toBe(409);
    expect(withChef.body.amount).toBe(correct + 20_000);

    const held = (await holdsOf(home.id)).filter((s) => s.nights === `[${stay.checkIn},${stay.checkOut})`);
    expect(held).toEqual([]);
    const intents = await t.db.select().from(paymentIntents).where(eq(paymentIntents.checkIn, stay.checkIn));
    expect(intents).toEqual([]);
  });

  it('answers 409 before any charge when the nights are taken', async () => {
    const stay = nextStay(3);
    await insertStay(t.db, home.id, { ...stay, kind: 'owner_block' });
    const response = await postIntent(t.app, intentRequest(home, stay));
    expect(response).toEqual({ status: 409, body: { message: 'These dates are no longer available' } });
  });

  it('answers 422 with the rule a stay breaks and 400 for a malformed request', async () => {
    const stay = nextStay(1);
    expect(await postIntent(t.app, intentRequest(home, stay, { amount: weekdayTotalCents(1) }))).toEqual({
      status: 422,
      body: { message: 'This home has a minimum stay of 2 nights for these dates.' },
    });
    const twoNights = nextStay(2);
    const housekeeping = await postIntent(t.app, intentRequest(home, twoNights, { addOns: [{ id: 1 }] }));
    expect(housekeeping).toEqual({
      status: 422,
      body: { message: 'Choose Daily, Weekly, Bi-weekly for Housekeeping' },
    });
    expect((await postIntent(t.app, intentRequest(home, twoNights, { addOns: [{ id: 99 }] }))).status).toBe(422);

    const malformed = await postIntent(t.app, { ...intentRequest(home, twoNights), propertyId: 'bluebird' });
    expect(malformed).toEqual({ status: 400, body: { message: 'propertyId must be a UUID' } });
    const fractional = await postIntent(t.app, { ...intentRequest(home, twoNights), amount: 1234.5 });
    expect(fractional.status).toBe(400);
  });

  it('answers 404 for a home that does not exist', async () => {
    const response = await postIntent(
      t.app,
      intentRequest({ id: '4b0c9f4e-3a38-4c1e-9a54-0f3f4b0c9f4e' }, nextStay(2)),
    );
    expect(response).toEqual({ status: 404, body: { message: 'Property not found' } });
  });

  it('gives exactly one of 50 simultaneous guests the nights; the others get 409 and no intent', async () => {
    const stay = nextStay(3);
    const responses = await Promise.all(Array.from({ length: 50 }, () => postIntent(t.app, intentRequest(home, stay))));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    // Compared whole, so a failure shows what every loser was answered.
    expect(responses.filter((r) => r.status !== 200)).toEqual(
      Array.from({ length: 49 }, () => ({ status: 409, body: { message: 'These dates are no longer available' } })),
    );
    const active = (await holdsOf(home.id)).filter(
      (s) => s.status === 'active' && s.nights === `[${stay.checkIn},${stay.checkOut})`,
    );
    expect(active).toHaveLength(1);
    const intents = await t.db.select().from(paymentIntents).where(eq(paymentIntents.checkIn, stay.checkIn));
    expect(intents).toHaveLength(1);
  });

  it('lets an expired hold go: the nights can be held again and the old hold is released', async () => {
    const stay = nextStay(3);
    const first = await createIntent(t.app, intentRequest(home, stay));
    expect((await postIntent(t.app, intentRequest(home, stay))).status).toBe(409);

    const [record] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, first.paymentIntentId));
    await t.db
      .update(stays)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stays.id, record!.holdId!));

    const second = await createIntent(t.app, intentRequest(home, stay));
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    const [old] = await t.db.select().from(stays).where(eq(stays.id, record!.holdId!));
    expect(old?.status).toBe('released');
  });

  it("lets a guest who reloads the payment page replace their own unpaid hold, but nobody else's", async () => {
    const stay = nextStay(2);
    const request = intentRequest(home, stay);
    const first = await createIntent(t.app, request);
    const again = await createIntent(t.app, request);
    expect(again.paymentIntentId).not.toBe(first.paymentIntentId);
    const active = (await holdsOf(home.id)).filter(
      (s) => s.status === 'active' && s.nights === `[${stay.checkIn},${stay.checkOut})`,
    );
    expect(active).toHaveLength(1);

    // Another guest, or the same reference with another e-mail address, still finds the nights taken.
    expect((await postIntent(t.app, intentRequest(home, stay))).status).toBe(409);
    const stranger = { ...request, contact: { ...request.contact!, email: 'mallory@example.com' } };
    expect((await postIntent(t.app, stranger)).status).toBe(409);
  });

  it('holds for HOLD_MINUTES', async () => {
    const other = await t.buildAnotherApp({ HOLD_MINUTES: '5' });
    const before = Date.now();
    const intent = await createIntent(other.app, intentRequest(home, nextStay(2)));
    const minutes = (Date.parse(intent.holdExpiresAt) - before) / 60_000;
    expect(minutes).toBeGreaterThan(4.5);
    expect(minutes).toBeLessThan(5.5);
  });
});
