// Concierge services after booking (issue 16 item 4): POST /api/trips/{code}/add-ons,
// paying for one, cancelling it with a full refund, and who may do any of it.
import { bookingConcierge, bookings, emailOutbox, paymentRefunds } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import {
  addDays,
  conciergeOrderDeadline,
  ConciergeRuleError,
  type ConciergeOrderResponse,
  type ConciergeService,
  type TripDetail,
} from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingDeps } from '../../lib/booking-deps.js';
import { orderConcierge } from '../../services/concierge.js';
import { signTripToken } from '../../services/trip-links.js';
import { bookStay, createBookableHome, intentRequest, nextStay, payWithCard, testCards } from '../../test/booking.js';
import { createAccount, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let home: PropertyRow;
let ada: TestAccount;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  ada = await createAccount(t.app, t.db, 'guest');
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

type BookingRow = typeof bookings.$inferSelect;

async function book(account: TestAccount | null = null): Promise<BookingRow & { link: string }> {
  const booking = await bookStay(t.app, t.db, intentRequest(home, nextStay(3)), account?.headers);
  return { ...booking, link: await signTripToken(t.env.JWT_SECRET, booking.code) };
}

function order(booking: { code: string; link: string }, body: Record<string, unknown>, token = booking.link) {
  return t.app.inject({
    method: 'POST',
    url: `/api/trips/${booking.code}/add-ons?token=${encodeURIComponent(token)}`,
    payload: body,
  });
}

function act(
  booking: { code: string; link: string },
  serviceId: string,
  verb: 'confirm' | 'cancel',
  token = booking.link,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/trips/${booking.code}/add-ons/${serviceId}/${verb}?token=${encodeURIComponent(token)}`,
  });
}

/** Orders a service and pays for it with the sandbox card; answers the paid service. */
async function orderPaid(booking: { code: string; link: string }, body: Record<string, unknown>) {
  const response = await order(booking, body);
  expect(response.statusCode, response.body).toBe(201);
  const ordered = response.json<ConciergeOrderResponse>();
  expect((await payWithCard(t.app, ordered.payment)).status).toBe(200);
  const confirmed = await act(booking, ordered.addOn.id, 'confirm');
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json<ConciergeService>();
}

async function emails(bookingId: string, kind: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.reference, `booking:${bookingId}`)));
}

describe('ordering a concierge service after booking', () => {
  it('prices a private chef for the second evening from the catalogue, takes its own payment and shows it on the booking', async () => {
    const booking = await book();
    const evening = addDays(booking.checkIn, 1);
    // A price in the request is refused outright: the server prices it.
    expect((await order(booking, { id: 3, date: evening, time: '18:30', price: 1 })).statusCode).toBe(400);

    const response = await order(booking, { id: 3, date: evening, time: '18:30' });
    expect(response.statusCode).toBe(201);
    const ordered = response.json<ConciergeOrderResponse>();
    expect(ordered.addOn).toMatchObject({
      name: 'Private Chef',
      date: evening,
      time: '18:30',
      price: 200,
      status: 'pending',
    });
    expect(ordered.payment).toMatchObject({ amount: 200_00, currency: 'usd', publishableKey: 'pk_sandbox' });

    // Not paid yet: confirming changes nothing and the booking does not list it.
    expect((await act(booking, ordered.addOn.id, 'confirm')).json<ConciergeService>().status).toBe('pending');
    expect((await payWithCard(t.app, ordered.payment, testCards.declined)).status).toBe(402);
    expect((await payWithCard(t.app, ordered.payment)).status).toBe(200);
    const paid = (await act(booking, ordered.addOn.id, 'confirm')).json<ConciergeService>();
    expect(paid.status).toBe('paid');
    expect(paid.cancellableUntil).not.toBeNull();
    // Confirming again (a retry, the webhook) e-mails once.
    expect((await act(booking, ordered.addOn.id, 'confirm')).json<ConciergeService>().status).toBe('paid');
    const mails = await emails(booking.id, 'concierge_paid');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Private Chef on ${evening} at 18:30`);
    expect(mails[0]!.text).toContain('$200.00');

    const trip = await t.app.inject({ method: 'GET', url: `/api/trips/${booking.code}?token=${booking.link}` });
    expect(trip.json<TripDetail>().concierge).toEqual([paid]);
    // Its payment is listed with the stay's.
    expect(trip.json<TripDetail>().payments.map((payment) => payment.amount)).toEqual([booking.totalCents / 100, 200]);
    // The stay's own booking and price are untouched.
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.totalCents).toBe(booking.totalCents);
  });

  it('books one private chef per evening, spa and tours by day, and days of the stay only', async () => {
    const booking = await book();
    const second = addDays(booking.checkIn, 1);
    await orderPaid(booking, { id: 3, date: second, time: '19:00' });
    const again = await order(booking, { id: 3, date: second, time: '20:00' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'A private chef is already booked for that evening. Choose another evening.',
    });
    expect((await order(booking, { id: 3, date: booking.checkIn, time: '19:00' })).statusCode).toBe(201);

    for (const [id, time] of [
      [2, '07:30'],
      [6, '20:30'],
    ] as const) {
      const late = await order(booking, { id, date: second, time });
      expect(late.statusCode).toBe(422);
      expect(late.json<{ message: string }>().message).toMatch(/between 08:00 and 20:00/);
    }
    expect((await order(booking, { id: 2, date: second, time: '10:00' })).statusCode).toBe(201);
    expect((await order(booking, { id: 4, date: booking.checkOut, time: '10:00' })).statusCode).toBe(422);
    expect((await order(booking, { id: 4, date: addDays(booking.checkIn, -1), time: '10:00' })).statusCode).toBe(422);
    const housekeeping = await order(booking, { id: 1, date: booking.checkIn, time: '11:00' });
    expect(housekeeping.statusCode).toBe(422);
    expect(
      (
        await order(booking, { id: 1, option: 'daily', date: booking.checkIn, time: '11:00' })
      ).json<ConciergeOrderResponse>().addOn,
    ).toMatchObject({ option: 'Daily', price: 100 });
    for (const body of [{ id: 3, date: 'tomorrow', time: '18:00' }, { id: 3, date: second, time: '25:00' }, {}]) {
      expect((await order(booking, body)).statusCode).toBe(400);
    }
  });

  it('refunds a second private chef for one evening paid from another tab', async () => {
    const booking = await book();
    const evening = addDays(booking.checkIn, 2);
    // Two tabs order the same evening's chef; neither is paid yet, so both are taken.
    const first = (await order(booking, { id: 3, date: evening, time: '18:00' })).json<ConciergeOrderResponse>();
    const second = (await order(booking, { id: 3, date: evening, time: '19:00' })).json<ConciergeOrderResponse>();
    expect((await payWithCard(t.app, first.payment)).status).toBe(200);
    expect((await payWithCard(t.app, second.payment)).status).toBe(200);
    expect((await act(booking, first.addOn.id, 'confirm')).json<ConciergeService>().status).toBe('paid');
    const refunded = (await act(booking, second.addOn.id, 'confirm')).json<ConciergeService>();
    expect(refunded).toMatchObject({ status: 'cancelled', refundAmount: 200 });
    const [row] = await t.db.select().from(bookingConcierge).where(eq(bookingConcierge.id, second.addOn.id));
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, row!.paymentIntentId!));
    expect(refunds.map((r) => r.amountCents)).toEqual([200_00]);
  });

  it('answers 503 and charges nothing when the provider cannot set up the payment', async () => {
    const booking = await book();
    vi.spyOn(t.app.payments, 'createIntent').mockRejectedValueOnce(new Error('provider down'));
    const response = await order(booking, { id: 4, date: booking.checkIn, time: '12:00' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The payment could not be set up just now. Please try again.' });
    const rows = await t.db.select().from(bookingConcierge).where(eq(bookingConcierge.bookingId, booking.id));
    expect(rows.map((row) => [row.status, row.paymentIntentId])).toEqual([['abandoned', null]]);
  });

  it('takes orders until 48 hours before check-in', async () => {
    const booking = await book();
    const deadline = conciergeOrderDeadline(booking.checkIn, 'America/Denver');
    const deps = bookingDeps(t.app);
    const body = { id: 4, date: booking.checkIn, time: '12:00' };
    await expect(orderConcierge(deps, booking, body, deadline)).resolves.toMatchObject({
      addOn: { status: 'pending' },
    });
    await expect(orderConcierge(deps, booking, body, new Date(deadline.getTime() + 1))).rejects.toThrow(
      ConciergeRuleError,
    );
  });

  it('cancels a paid service with a full refund, once, however often it is asked', async () => {
    const booking = await book();
    const paid = await orderPaid(booking, { id: 6, date: addDays(booking.checkIn, 1), time: '09:00' });
    const refund = vi.spyOn(t.app.payments, 'refund');
    const answers = await Promise.all([act(booking, paid.id, 'cancel'), act(booking, paid.id, 'cancel')]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json<ConciergeService>()).toMatchObject({ status: 'cancelled', refundAmount: 100 });
    }
    expect((await act(booking, paid.id, 'cancel')).json<ConciergeService>().status).toBe('cancelled');
    const [row] = await t.db.select().from(bookingConcierge).where(eq(bookingConcierge.id, paid.id));
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, row!.paymentIntentId!));
    expect(refunds.map((r) => r.amountCents)).toEqual([100_00]);
    expect(new Set(refund.mock.calls.map(([input]) => input.idempotencyKey)).size).toBe(1);
    expect(await emails(booking.id, 'concierge_cancelled')).toHaveLength(1);
  });

  it('refunds paid services in full when the booking is cancelled', async () => {
    const booking = await book();
    const paid = await orderPaid(booking, { id: 5, date: booking.checkIn, time: '15:00' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${booking.code}/cancel?token=${booking.link}`,
    });
    expect(cancel.statusCode).toBe(200);
    const [row] = await t.db.select().from(bookingConcierge).where(eq(bookingConcierge.id, paid.id));
    expect(row).toMatchObject({ status: 'cancelled', refundCents: 75_00 });
    const refused = await order(booking, { id: 4, date: booking.checkIn, time: '12:00' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'This booking is cancelled: services can no longer be added.' });
  });
});

describe('who may order, pay and cancel services', () => {
  it("answers everyone but the booking's guest and link with the unknown code's 404, and changes nothing", async () => {
    const mine = await book(ada);
    const other = await book();
    const paid = await orderPaid(mine, { id: 4, date: mine.checkIn, time: '12:00' });
    const body = { id: 4, date: mine.checkIn, time: '13:00' };
    const owner = await createAccount(t.app, t.db, 'owner', { homes: [home.id] });
    const callers: { name: string; token?: string; headers?: Record<string, string> }[] = [
      { name: 'anonymous' },
      { name: 'another booking’s link', token: other.link },
      { name: 'a forged link', token: `${mine.link}x` },
      { name: 'another guest', headers: (await createAccount(t.app, t.db, 'guest')).headers },
      { name: 'the home’s owner', headers: owner.headers },
      { name: 'staff', headers: (await createAccount(t.app, t.db, 'staff')).headers },
      { name: 'an admin', headers: (await createAccount(t.app, t.db, 'admin')).headers },
    ];
    const before = await t.db.select().from(bookingConcierge).where(eq(bookingConcierge.bookingId, mine.id));
    for (const caller of callers) {
      const query = caller.token ? `?token=${encodeURIComponent(caller.token)}` : '';
      const headers = caller.headers ?? {};
      const requests = [
        t.app.inject({ method: 'POST', url: `/api/trips/${mine.code}/add-ons${query}`, payload: body, headers }),
        t.app.inject({ method: 'POST', url: `/api/trips/${mine.code}/add-ons/${paid.id}/confirm${query}`, headers }),
        t.app.inject({ method: 'POST', url: `/api/trips/${mine.code}/add-ons/${paid.id}/cancel${query}`, headers }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode, caller.name).toBe(404);
        expect(response.json(), caller.name).toEqual({ message: 'Trip not found' });
      }
    }
    expect(await t.db.select().from(bookingConcierge).where(eq(bookingConcierge.bookingId, mine.id))).toEqual(before);
    // The guest signed in reaches it; a service of another booking is not found through this one.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${mine.code}/add-ons`,
      payload: body,
      headers: ada.headers,
    });
    expect(signedIn.statusCode).toBe(201);
    const otherPaid = await orderPaid(other, { id: 4, date: other.checkIn, time: '12:00' });
    expect((await act(mine, otherPaid.id, 'cancel')).statusCode).toBe(404);
    expect((await act(mine, 'not-a-uuid', 'confirm')).statusCode).toBe(404);
  });
});
