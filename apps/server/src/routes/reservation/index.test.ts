import { bookings, emailOutbox, paymentIntents, paymentRefunds, stays } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { bookingCodePattern, bookingConfirmationSchema, eachNight } from '@sas/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDeps } from '../../lib/booking-deps.js';
import { finalizePaidIntents } from '../../services/booking/index.js';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  guest,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
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

async function bookingsOf(paymentIntentId: string) {
  return t.db.select().from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId));
}

async function emailsAbout(reference: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.reference, reference));
}

async function staysOn(stay: { checkIn: string; checkOut: string }) {
  return t.db
    .select()
    .from(stays)
    .where(and(eq(stays.propertyId, home.id), eq(stays.nights, `[${stay.checkIn},${stay.checkOut})`)));
}

/** A guest who held `stay`, and whose hold then lapsed. */
async function expireHoldOf(paymentIntentId: string) {
  const [record] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, paymentIntentId));
  await t.db
    .update(stays)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(stays.id, record!.holdId!));
}

describe('POST /api/reservation/confirm', () => {
  it('turns the paid hold into a booking with the server prices and queues one confirmation', async () => {
    const stay = nextStay(3);
    const addOns = [{ id: 4, name: 'Grocery Delivery', price: 50 }];
    const intent = await createIntent(
      t.app,
      intentRequest(home, stay, { addOns, amount: intentRequest(home, stay).amount + 5_000 }),
    );
    expect((await payWithCard(t.app, intent)).status).toBe(200);

    // The browser's copy of the prices is ignored: only the intent and the contact details count.
    const response = await postConfirm(
      t.app,
      confirmationPayload(intent, { propertyId: home.id, ...stay }, { totalAmount: 1, basePrice: 1, nights: 9 }),
    );
    expect(response.status).toBe(200);
    const booking = bookingConfirmationSchema.parse(response.body);
    expect(booking).toEqual({
      bookingId: expect.any(String) as string,
      confirmationCode: expect.stringMatching(bookingCodePattern) as string,
      status: 'confirmed',
      propertyName: 'Bluebird Lodge',
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      datesBlocked: eachNight(stay.checkIn, stay.checkOut),
      basePrice: 600,
      discounts: [],
      taxes: 75,
      // The home's one tax line (issue 29): the taxes itemised, adding up to `taxes`.
      taxLines: [expect.objectContaining({ rate: 10, amount: 75 }) as unknown],
      fees: 150,
      addOns: [{ name: 'Grocery Delivery', price: 50 }],
      guestCount: { adults: 2, children: 1, pets: 0 },
      totalAmount: 875,
      email: guest.email,
    });

    const [row] = await bookingsOf(intent.paymentIntentId);
    expect(row).toMatchObject({ code: booking.confirmationCode, totalCents: 87_500, status: 'confirmed' });
    const occupied = await staysOn(stay);
    expect(occupied).toHaveLength(1);
    expect(occupied[0]).toMatchObject({ kind: 'reservation', status: 'active', expiresAt: null, id: row?.stayId });
    const emails = await emailsAbout(`booking:${booking.bookingId}`);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'booking_confirmation', to: guest.email, status: 'queued' });
    expect(emails[0]?.text).toContain(booking.confirmationCode);
  });

  it('is idempotent: confirming twice, even at once, gives one booking and one e-mail', async () => {
    const stay = nextStay(2);
    const intent = await createIntent(t.app, intentRequest(home, stay));
    await payWithCard(t.app, intent);
    const payload = confirmationPayload(intent, { propertyId: home.id, ...stay });

    const [a, b] = await Promise.all([postConfirm(t.app, payload), postConfirm(t.app, payload)]);
    const c = await postConfirm(t.app, { ...payload, email: 'someone.else@example.com' });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.body).toEqual(a.body);
    // The details of a booking do not change by confirming it again.
    expect(c.body).toEqual(a.body);
    expect(await bookingsOf(intent.paymentIntentId)).toHaveLength(1);
    expect(await emailsAbout(`booking:${String(a.body.bookingId)}`)).toHaveLength(1);
    expect((await staysOn(stay)).filter((s) => s.status === 'active')).toHaveLength(1);
  });

  it('answers 402 for an unpaid intent and changes nothing; 404 for an unknown one; 400 without contact', async () => {
    const stay = nextStay(2);
    const intent = await createIntent(t.app, intentRequest(home, stay));
    const payload = confirmationPayload(intent, { propertyId: home.id, ...stay });
    expect(await postConfirm(t.app, payload)).toEqual({
      status: 402,
      body: { message: 'This payment has not been completed.' },
    });
    await payWithCard(t.app, intent, testCards.declined);
    expect(await postConfirm(t.app, payload)).toEqual({ status: 402, body: { message: 'Your card was declined.' } });
    expect(await bookingsOf(intent.paymentIntentId)).toEqual([]);
    expect((await staysOn(stay))[0]).toMatchObject({ kind: 'hold', status: 'active' });

    expect((await postConfirm(t.app, { ...payload, paymentIntentId: 'pi_sandbox_nobody' })).status).toBe(404);
    expect((await postConfirm(t.app, { ...payload, email: 'not an address' })).status).toBe(400);
    expect((await postConfirm(t.app, { ...payload, firstName: ' ' })).status).toBe(400);
  });

  it('re-takes the nights when the hold expired but nobody took them', async () => {
    const stay = nextStay(2);
    const intent = await createIntent(t.app, intentRequest(home, stay));
    await payWithCard(t.app, intent);
    await expireHoldOf(intent.paymentIntentId);
    // Another writer released the lapsed hold (as every writer does first); the nights stayed free.
    await t.db.execute(sql`UPDATE stays SET status = 'released' WHERE kind = 'hold' AND expires_at < now()`);

    const response = await postConfirm(t.app, confirmationPayload(intent, { propertyId: home.id, ...stay }));
    expect(response.status).toBe(200);
    const active = (await staysOn(stay)).filter((s) => s.status === 'active');
    expect(active).toEqual([expect.objectContaining({ kind: 'reservation' })]);
  });

  it('refunds in full and tells the guest when the nights were taken after the hold expired', async () => {
    const stay = nextStay(3);
    const intent = await createIntent(t.app, intentRequest(home, stay));
    await expireHoldOf(intent.paymentIntentId);
    // Another guest takes the nights, then the first one pays anyway (the card form was still open).
    const other = await createIntent(t.app, intentRequest(home, stay, { contact: undefined }));
    await payWithCard(t.app, intent);

    const payload = confirmationPayload(intent, { propertyId: home.id, ...stay });
    const refunded = {
      status: 409,
      body: { message: 'We could not keep these dates after your payment, so it has been refunded in full.' },
    };
    expect(await postConfirm(t.app, payload)).toEqual(refunded);
    expect(await postConfirm(t.app, payload)).toEqual(refunded);

    expect(await bookingsOf(intent.paymentIntentId)).toEqual([]);
    const [record] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.paymentIntentId));
    expect(record?.status).toBe('refunded');
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, intent.paymentIntentId));
    expect(refunds).toEqual([expect.objectContaining({ amountCents: intent.amount, provider: 'sandbox' })]);
    const notices = await emailsAbout(`payment:${intent.paymentIntentId}`);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'booking_refund', to: guest.email });
    expect(notices[0]?.text).toContain(`$${(intent.amount / 100).toFixed(2)}`);

    // The other guest's hold is untouched.
    const active = (await staysOn(stay)).filter((s) => s.status === 'active');
    const [otherRecord] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, other.paymentIntentId));
    expect(active.map((s) => s.id)).toEqual([otherRecord?.holdId]);
  });

  it('still books exactly once when the server dies between payment and confirmation', async () => {
    const stay = nextStay(2);
    const first = await t.buildAnotherApp();
    const intent = await createIntent(first.app, intentRequest(home, stay));
    expect((await payWithCard(first.app, intent)).status).toBe(200);
    // The tab and the server are gone before /api/reservation/confirm is called.
    await first.app.close();

    const restarted = await t.buildAnotherApp();
    const deps = bookingDeps(restarted.app);
    // Fresh payments are left to the browser for a minute...
    expect(await finalizePaidIntents(deps, new Date())).toMatchObject({ confirmed: 0 });
    // ...after which the finalizer books them, with the contact details sent at creation.
    expect(await finalizePaidIntents(deps, new Date(), { graceSeconds: 0 })).toEqual({
      confirmed: 1,
      refunded: 0,
      failed: 0,
    });
    expect(await finalizePaidIntents(deps, new Date(), { graceSeconds: 0 })).toEqual({
      confirmed: 0,
      refunded: 0,
      failed: 0,
    });

    const [booking] = await bookingsOf(intent.paymentIntentId);
    expect(booking).toMatchObject({ email: guest.email, firstName: guest.firstName, status: 'confirmed' });
    expect((await staysOn(stay)).filter((s) => s.status === 'active')).toEqual([
      expect.objectContaining({ kind: 'reservation' }),
    ]);
    expect(await emailsAbout(`booking:${booking!.id}`)).toHaveLength(1);

    // The browser coming back later gets the same booking.
    const late = await postConfirm(restarted.app, confirmationPayload(intent, { propertyId: home.id, ...stay }));
    expect(late.body.confirmationCode).toBe(booking?.code);
    expect(await emailsAbout(`booking:${booking!.id}`)).toHaveLength(1);
  });
});
