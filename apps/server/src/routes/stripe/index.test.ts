import { paymentIntents, stays } from '@sas/db';
import { insertStay, type PropertyRow } from '@sas/db/testing';
import { addDays, createPaymentIntentResponseSchema } from '@sas/domain';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  payWithCard,
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

async function activeHolds(stay: { checkIn: string; checkOut: string }) {
  return (await holdsOf(home.id)).filter(
    (s) => s.status === 'active' && s.nights === `[${stay.checkIn},${stay.checkOut})`,
  );
}

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
    expect(response).toEqual({
      status: 409,
      body: { message: 'These dates are no longer available', code: 'unavailable' },
    });
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

    const malformed = await postIntent(t.app, { ...intentRequest(home, twoNights), propertyId: ' ' });
    expect(malformed).toEqual({ status: 400, body: { message: 'propertyId must be at least 1 character long' } });
    const fractional = await postIntent(t.app, { ...intentRequest(home, twoNights), amount: 1234.5 });
    expect(fractional.status).toBe(400);
  });

  it('answers 404 for a home that does not exist', async () => {
    for (const id of ['4b0c9f4e-3a38-4c1e-9a54-0f3f4b0c9f4e', 'bluebird', 'SAS-0000']) {
      const response = await postIntent(t.app, intentRequest({ id }, nextStay(2)));
      expect(response, id).toEqual({ status: 404, body: { message: 'Property not found' } });
    }
  });

  it('takes the listing number or the slug of the home for its UUID', async () => {
    for (const id of [home.propertyId.toLowerCase(), home.slug]) {
      const stay = nextStay(2);
      const intent = await createIntent(t.app, intentRequest({ id }, stay));
      expect(intent.amount, id).toBe(weekdayTotalCents(2));
      // The hold is the home's, under its UUID.
      expect(await activeHolds(stay), id).toHaveLength(1);
    }
  });

  it('gives exactly one of 50 simultaneous guests the nights; the others get 409 and no intent', async () => {
    const stay = nextStay(3);
    const responses = await Promise.all(Array.from({ length: 50 }, () => postIntent(t.app, intentRequest(home, stay))));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    // Compared whole, so a failure shows what every loser was answered.
    expect(responses.filter((r) => r.status !== 200)).toEqual(
      Array.from({ length: 49 }, () => ({
        status: 409,
        body: { message: 'These dates are no longer available', code: 'unavailable' },
      })),
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
    expect(await activeHolds(stay)).toHaveLength(1);

    // Another guest's reservation still finds the nights taken.
    expect(await postIntent(t.app, intentRequest(home, stay))).toEqual({
      status: 409,
      body: { message: 'These dates are no longer available', code: 'unavailable' },
    });
    // A short, guessable code (SPEC.md's timestamp) is recorded but replaces nothing.
    const guessable = { ...request, confirmationCode: 'TMP-1700000000000' };
    expect((await postIntent(t.app, guessable)).status).toBe(409);
    expect((await postIntent(t.app, { ...guessable, checkIn: nextStay(2).checkIn })).status).not.toBe(500);
  });

  it('goes back and forth under one reference: new add-ons and new dates re-price the hold, the old intents are canceled, one charge of the last total', async () => {
    const stay = nextStay(3);
    const request = intentRequest(home, stay);
    const first = await createIntent(t.app, request);
    // Back to step 2, a private chef ($200).
    const withChef = await createIntent(t.app, {
      ...request,
      addOns: [{ id: 3 }],
      amount: weekdayTotalCents(3, 20_000),
    });
    // Back to step 1, one night later: the new stay overlaps the held one.
    const later = { checkIn: addDays(stay.checkIn, 1), checkOut: addDays(stay.checkOut, 1) };
    const moved = await createIntent(t.app, {
      ...request,
      ...later,
      addOns: [{ id: 3 }],
      amount: weekdayTotalCents(3, 20_000),
    });
    expect(moved.amount).toBe(weekdayTotalCents(3, 20_000));

    const intents = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.clientReference, request.confirmationCode!));
    expect(Object.fromEntries(intents.map((i) => [i.id, i.status]))).toEqual({
      [first.paymentIntentId]: 'canceled',
      [withChef.paymentIntentId]: 'canceled',
      [moved.paymentIntentId]: 'requires_payment_method',
    });
    // The first night is no longer needed: it is free at once for another guest.
    expect(await activeHolds(stay)).toEqual([]);
    const overFirstNight = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${home.id}/quote`,
      payload: {
        checkin_date: addDays(stay.checkIn, -1),
        checkout_date: addDays(stay.checkIn, 1),
        guests: { adults: 2, children: 0, infants: 0, pets: 0 },
      },
    });
    expect(overFirstNight.statusCode).toBe(200);

    // An old intent cannot be paid for the old amount any more.
    expect((await payWithCard(t.app, first)).status).toBe(409);
    expect((await payWithCard(t.app, moved)).status).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/confirm',
      payload: confirmationPayload(moved, { propertyId: home.id, ...later }),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ checkIn: later.checkIn, totalAmount: moved.amount / 100 });
    const paid = await t.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.clientReference, request.confirmationCode!));
    expect(paid.filter((i) => i.status === 'succeeded').map((i) => i.amountCents)).toEqual([moved.amount]);
  });

  it('lets two tabs of one reservation ask at once: neither is told the dates are taken, one hold stays, one intent can be paid', async () => {
    const stay = nextStay(2);
    const request = intentRequest(home, stay);
    await createIntent(t.app, request);
    const tabs = await Promise.all([
      postIntent(t.app, { ...request, addOns: [{ id: 4 }], amount: weekdayTotalCents(2, 5_000) }),
      postIntent(t.app, { ...request, addOns: [{ id: 5 }], amount: weekdayTotalCents(2, 7_500) }),
    ]);
    for (const tab of tabs) {
      expect(tab.body).not.toMatchObject({ code: 'unavailable' });
      expect([200, 409]).toContain(tab.status);
    }
    expect(tabs.some((tab) => tab.status === 200)).toBe(true);
    expect(await activeHolds(stay)).toHaveLength(1);
    const open = await t.db
      .select()
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.clientReference, request.confirmationCode!),
          eq(paymentIntents.status, 'requires_payment_method'),
        ),
      );
    expect(open).toHaveLength(1);
    expect(open[0]!.holdId).toBe((await activeHolds(stay))[0]!.id);
  });

  it("prices new dates for the reservation holding the nights (step 1's editor), and for nobody else", async () => {
    const stay = nextStay(3);
    const request = intentRequest(home, stay);
    await createIntent(t.app, request);
    const later = { checkin_date: addDays(stay.checkIn, 1), checkout_date: addDays(stay.checkOut, 1) };
    const quote = (reference?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/properties/${home.propertyId}/quote`,
        payload: { ...later, guests: { adults: 2 }, ...(reference === undefined ? {} : { reference }) },
      });
    expect((await quote(request.confirmationCode)).statusCode).toBe(200);
    expect((await quote()).statusCode).toBe(422);
    expect((await quote(randomUUID())).statusCode).toBe(422);
    expect((await quote('short')).statusCode).toBe(400);
  });

  it('keeps the hold of an intent already paid: a later attempt of the same reservation cannot release it', async () => {
    const stay = nextStay(2);
    const request = intentRequest(home, stay);
    const paid = await createIntent(t.app, request);
    expect((await payWithCard(t.app, paid)).status).toBe(200);
    expect((await postIntent(t.app, request)).status).toBe(409);
    const [row] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, paid.paymentIntentId));
    expect(row?.status).toBe('succeeded');
    expect(await activeHolds(stay)).toHaveLength(1);
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
