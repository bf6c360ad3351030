// Money over time on the booking's page (issue 17): GET /api/trips/{code}
// shows the payment schedule, the deposit and the accepted agreement; the
// guest pays a failed installment and authorises the deposit again with a
// card; and nobody but the booking's guest or its link reaches any of it.
import { bookingDeposits, bookingPayments, properties, type bookings } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import {
  addDays,
  rentalAgreementVersion,
  startOfDayIn,
  todayIn,
  tripDetailSchema,
  type CreatePaymentIntentRequest,
  type TripDetail,
  type TripPaymentResponse,
} from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signTripToken } from '../../services/trip-links.js';
import {
  bookStay,
  createBookableHome,
  intentRequest,
  nextStay,
  payWithCard,
  testCards,
  weekdayTotalCents,
} from '../../test/booking.js';
import { createAccount, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
/** No deposit, no age rule. */
let home: PropertyRow;
/** A $350 deposit and the over-25 rule. */
let cabin: PropertyRow;
let ada: TestAccount;

beforeAll(async () => {
  // The test clock: a request may be answered as if days had passed (x-test-clock-days).
  t = await buildTestApp({ TEST_CLOCK: 'true' }, { seed: false });
  home = await createBookableHome(t.db);
  cabin = await createBookableHome(t.db);
  await t.db.update(properties).set({ depositCents: 350_00, ageRestricted: true }).where(eq(properties.id, cabin.id));
  ada = await createAccount(t.app, t.db, 'guest');
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Booking = typeof bookings.$inferSelect & { link: string };

/** A booking made through the API (about 90 days out), with the agreement ticked, and its e-mailed link. */
async function book({
  on = home,
  plan = 'installments',
  account = null,
}: { on?: { id: string }; plan?: 'full' | 'installments'; account?: TestAccount | null } = {}): Promise<Booking> {
  const overrides: Partial<CreatePaymentIntentRequest> = {
    paymentPlan: plan,
    agreement: { accepted: true, over25: true },
  };
  const booking = await bookStay(t.app, t.db, intentRequest(on, nextStay(3), overrides), account?.headers);
  return { ...booking, link: await signTripToken(t.env.JWT_SECRET, booking.code) };
}

type Caller = { token?: string | undefined; headers?: Record<string, string> | undefined };

function post(booking: { code: string; link: string }, path: string, payload?: unknown, caller?: Caller) {
  const token = caller ? caller.token : booking.link;
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return t.app.inject({
    method: 'POST',
    url: `/api/trips/${booking.code}/${path}${query}`,
    headers: caller?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function trip(booking: { code: string; link: string }): Promise<TripDetail> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/trips/${booking.code}?token=${encodeURIComponent(booking.link)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return tripDetailSchema.parse(response.json());
}

/** What the scheduler leaves when an installment's off-session charge is declined. */
async function failInstallment(booking: { id: string }, seq: number) {
  await t.db
    .update(bookingPayments)
    .set({
      status: 'failed',
      attempt: 2,
      failedAt: new Date(),
      lastError: 'Your card was declined.',
      payBy: new Date(Date.now() + 72 * 3_600_000),
    })
    .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.seq, seq)));
}

/** What the scheduler leaves when the saved card's deposit hold cannot be placed. */
async function failDeposit(booking: { id: string }) {
  await t.db
    .update(bookingDeposits)
    .set({ status: 'failed', failedAt: new Date(), lastError: 'Your card was declined.' })
    .where(eq(bookingDeposits.bookingId, booking.id));
}

/**
 * What the guest's payment routes could change. The deposit's validation
 * charge is left out: the payment scheduler may settle it at any moment.
 */
async function moneyRows(booking: { id: string }) {
  const [payments, deposits] = await Promise.all([
    t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id)),
    t.db
      .select({
        status: bookingDeposits.status,
        holdIntentId: bookingDeposits.holdIntentId,
        heldAt: bookingDeposits.heldAt,
        holdCount: bookingDeposits.holdCount,
      })
      .from(bookingDeposits)
      .where(eq(bookingDeposits.bookingId, booking.id)),
  ]);
  return { payments, deposits };
}

describe('GET /api/trips/{code}: the schedule, the deposit and the agreement', () => {
  it('shows a stay paid in full as one paid charge, the home’s deposit scheduled and the agreement accepted', async () => {
    const booking = await book({ on: cabin, plan: 'full' });
    const page = await trip(booking);
    const total = weekdayTotalCents(3) / 100;
    expect(page.schedule).toEqual([
      {
        seq: 1,
        dueDate: todayIn(cabin.timeZone),
        amount: total,
        status: 'paid',
        paidAt: expect.any(String) as unknown,
        failureMessage: null,
        payBy: null,
      },
    ]);
    // Held from 7 days before check-in, at the home's midnight.
    expect(page.deposit).toEqual({
      amount: 350,
      status: 'scheduled',
      holdFrom: startOfDayIn(cabin.timeZone, addDays(booking.checkIn, -7)).toISOString(),
    });
    expect(page.agreement).toEqual({
      version: rentalAgreementVersion,
      acceptedAt: expect.any(String) as unknown,
      over25: true,
    });
  });

  it('shows three installments adding up to the total, a declined one with its reason and deadline, and no deposit when the home asks none', async () => {
    const booking = await book();
    const before = await trip(booking);
    expect(before.schedule.map((charge) => [charge.seq, charge.status])).toEqual([
      [1, 'paid'],
      [2, 'scheduled'],
      [3, 'scheduled'],
    ]);
    const cents = before.schedule.reduce((sum, charge) => sum + Math.round(charge.amount * 100), 0);
    expect(cents).toBe(weekdayTotalCents(3));
    expect(before.totalAmount).toBe(weekdayTotalCents(3) / 100);
    // The last is due 30 days before check-in.
    expect(before.schedule[2]?.dueDate).toBe(addDays(booking.checkIn, -30));
    expect(before.deposit).toEqual({ amount: 0, status: 'none' });

    await failInstallment(booking, 2);
    const after = await trip(booking);
    expect(after.schedule[1]).toMatchObject({
      seq: 2,
      status: 'failed',
      paidAt: null,
      failureMessage: 'Your card was declined.',
      payBy: expect.any(String) as unknown,
    });
    expect(Date.parse(after.schedule[1]!.payBy!)).toBeGreaterThan(Date.now());
  });
});

describe('POST /api/trips/{code}/schedule/{seq}/pay and .../confirm', () => {
  it('takes a card payment for a declined installment, records it paid once, and shows it on the booking', async () => {
    const booking = await book();
    await failInstallment(booking, 2);
    const [row] = await t.db
      .select()
      .from(bookingPayments)
      .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.seq, 2)));

    const started = await post(booking, 'schedule/2/pay');
    expect(started.statusCode, started.body).toBe(201);
    const payment = started.json<TripPaymentResponse>();
    expect(payment).toMatchObject({ amount: row!.amountCents, currency: 'usd', publishableKey: 'pk_sandbox' });
    // Only a payment this booking started for this installment confirms it.
    const other = await book();
    for (const paymentIntentId of ['pi_unknown', other.paymentIntentId]) {
      const foreign = await post(booking, 'schedule/2/confirm', { paymentIntentId });
      expect(foreign.statusCode, paymentIntentId).toBe(404);
      expect(foreign.json()).toEqual({ message: 'This booking has no such payment.' });
    }

    // A declined card is answered 402 with the reason, and the installment stays failed.
    expect((await payWithCard(t.app, payment, testCards.declined)).status).toBe(402);
    const declined = await post(booking, 'schedule/2/confirm', { paymentIntentId: payment.paymentIntentId });
    expect(declined.statusCode).toBe(402);
    expect(declined.json<{ message: string }>().message).not.toBe('');
    expect((await trip(booking)).schedule[1]?.status).toBe('failed');

    expect((await payWithCard(t.app, payment)).status).toBe(200);
    const confirmations = await Promise.all([
      post(booking, 'schedule/2/confirm', { paymentIntentId: payment.paymentIntentId }),
      post(booking, 'schedule/2/confirm', { paymentIntentId: payment.paymentIntentId }),
    ]);
    for (const confirmed of confirmations) {
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ status: 'paid' });
    }
    const page = await trip(booking);
    expect(page.schedule[1]).toMatchObject({ seq: 2, status: 'paid', failureMessage: null, payBy: null });
    expect(page.schedule[1]?.paidAt).not.toBeNull();
    expect(page.schedule[2]?.status).toBe('scheduled');
    // The card payment joins the booking's payments, once.
    expect(page.payments.map((movement) => [movement.amount, movement.status])).toEqual([
      [page.schedule[0]!.amount, 'succeeded'],
      [row!.amountCents / 100, 'succeeded'],
    ]);
    // Nothing left to pay for it.
    expect((await post(booking, 'schedule/2/pay')).statusCode).toBe(409);
  });

  it('confirms an installment only with a payment started for that installment, and refunds nothing otherwise', async () => {
    const booking = await book();
    await failInstallment(booking, 2);
    const payment = (await post(booking, 'schedule/2/pay')).json<TripPaymentResponse>();
    expect((await payWithCard(t.app, payment)).status).toBe(200);
    const refund = vi.spyOn(t.app.payments, 'refund');
    // Installments 2 and 3 cost the same: the amount alone does not tell them apart.
    const wrong = await post(booking, 'schedule/3/confirm', { paymentIntentId: payment.paymentIntentId });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'This booking has no such payment.' });
    expect(refund).not.toHaveBeenCalled();
    expect((await post(booking, 'schedule/2/confirm', { paymentIntentId: payment.paymentIntentId })).json()).toEqual({
      status: 'paid',
    });
    const page = await trip(booking);
    expect(page.schedule.map((charge) => charge.status)).toEqual(['paid', 'paid', 'scheduled']);
    expect(page.refunds).toEqual([]);
  });

  it('answers 409 for an installment paid or not yet due, or on a cancelled booking, and 404 for one the schedule lacks', async () => {
    const booking = await book();
    for (const seq of [1, 3]) {
      const response = await post(booking, `schedule/${seq}/pay`);
      expect(response.statusCode, `seq ${seq}`).toBe(409);
      expect(response.json<{ message: string }>().message).not.toBe('');
    }
    const inFull = await book({ plan: 'full' });
    const missing = await post(inFull, 'schedule/2/pay');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This booking has no such payment.' });

    await failInstallment(booking, 2);
    expect((await post(booking, 'cancel')).statusCode).toBe(200);
    expect((await post(booking, 'schedule/2/pay')).statusCode).toBe(409);
  });

  it('answers 409 once the 72 hours to pay a declined installment have passed, on the request’s clock', async () => {
    const booking = await book();
    await failInstallment(booking, 2);
    const createIntent = vi.spyOn(t.app.payments, 'createIntent');
    const late = await post(booking, 'schedule/2/pay', undefined, {
      token: booking.link,
      headers: { 'x-test-clock-days': '4' },
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toEqual({
      message:
        'The time to pay this installment has passed: the booking is being cancelled under the cancellation policy.',
    });
    expect(createIntent).not.toHaveBeenCalled();
    // Two days on, the guest is still within the grace.
    const inTime = await post(booking, 'schedule/2/pay', undefined, {
      token: booking.link,
      headers: { 'x-test-clock-days': '2' },
    });
    expect(inTime.statusCode, inTime.body).toBe(201);
  });
});

describe('POST /api/trips/{code}/deposit/authorize and .../confirm', () => {
  it('places a card hold when the saved card’s hold failed, and shows the deposit held', async () => {
    const booking = await book({ on: cabin });
    await failDeposit(booking);
    expect((await trip(booking)).deposit.status).toBe('failed');

    const started = await post(booking, 'deposit/authorize');
    expect(started.statusCode, started.body).toBe(201);
    const hold = started.json<TripPaymentResponse>();
    expect(hold).toMatchObject({ amount: 350_00, currency: 'usd', publishableKey: 'pk_sandbox' });
    // The stay's own payment is not a deposit hold.
    const stayPayment = await post(booking, 'deposit/confirm', { paymentIntentId: booking.paymentIntentId });
    expect(stayPayment.statusCode).toBe(404);
    expect(stayPayment.json()).toEqual({ message: 'This booking has no such payment.' });

    expect((await payWithCard(t.app, hold, testCards.declined)).status).toBe(402);
    const declined = await post(booking, 'deposit/confirm', { paymentIntentId: hold.paymentIntentId });
    expect(declined.statusCode).toBe(402);
    expect((await trip(booking)).deposit.status).toBe('failed');

    expect((await payWithCard(t.app, hold)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const confirmed = await post(booking, 'deposit/confirm', { paymentIntentId: hold.paymentIntentId });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ status: 'held' });
    }
    const page = await trip(booking);
    expect(page.deposit).toMatchObject({ amount: 350, status: 'held' });
    expect(page.deposit.heldUntil).toBeDefined();
    expect((await post(booking, 'deposit/authorize')).statusCode).toBe(409);
  });

  it('answers 404 when the home asks no deposit and 409 while none is needed', async () => {
    const none = await book();
    const missing = await post(none, 'deposit/authorize');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This booking has no security deposit.' });
    const scheduled = await book({ on: cabin });
    expect((await post(scheduled, 'deposit/authorize')).statusCode).toBe(409);
  });

  it('answers 409 for a failed hold once the deposit is past its release, on the request’s clock', async () => {
    const booking = await book({ on: cabin });
    await failDeposit(booking);
    const afterStay = await post(booking, 'deposit/authorize', undefined, {
      token: booking.link,
      headers: { 'x-test-clock-days': '3000' },
    });
    expect(afterStay.statusCode, afterStay.body).toBe(409);
    expect(afterStay.json()).toEqual({ message: 'The security deposit does not need your authorisation now.' });
    expect((await post(booking, 'deposit/authorize')).statusCode).toBe(201);
  });
});

describe('bad input', () => {
  it('refuses a seq other than 1, 2 or 3 and a confirmation without a payment intent with 400, and changes nothing', async () => {
    const booking = await book({ on: cabin });
    await failInstallment(booking, 2);
    await failDeposit(booking);
    const before = await moneyRows(booking);
    const createIntent = vi.spyOn(t.app.payments, 'createIntent');

    for (const seq of ['0', '4', '-1', '1.5', 'two', '99999999999999999999']) {
      for (const verb of ['pay', 'confirm'] as const) {
        const response = await post(booking, `schedule/${seq}/${verb}`, { paymentIntentId: 'pi_x' });
        expect(response.statusCode, `${verb} ${seq}`).toBe(400);
        expect(response.json(), `${verb} ${seq}`).toEqual({ message: 'seq must be a whole number between 1 and 3' });
      }
    }
    const badBodies: unknown[] = [
      undefined,
      {},
      { paymentIntentId: '' },
      { paymentIntentId: 7 },
      { paymentIntentId: 'x'.repeat(201) },
    ];
    badBodies.push({ paymentIntentId: 'pi_x', amount: 1 });
    for (const body of badBodies) {
      for (const path of ['schedule/2/confirm', 'deposit/confirm']) {
        const response = await post(booking, path, body);
        expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json<{ message: string }>().message).not.toBe('');
      }
    }
    expect((await post(booking, 'schedule/2/confirm', { paymentIntentId: 'pi_x', amount: 1 })).json()).toEqual({
      message: "Unknown field 'amount'. Allowed: paymentIntentId.",
    });
    expect(createIntent).not.toHaveBeenCalled();
    expect(await moneyRows(booking)).toEqual(before);
  });
});

describe('who may pay an installment or authorise the deposit', () => {
  async function failedEverything(account: TestAccount | null) {
    const booking = await book({ on: cabin, account });
    await failInstallment(booking, 2);
    await failDeposit(booking);
    return booking;
  }

  it("answers everyone but the booking's guest and link with the unknown code's 404, and changes nothing", async () => {
    const mine = await failedEverything(ada);
    const other = await book();
    const owner = await createAccount(t.app, t.db, 'owner', { homes: [cabin.id] });
    const callers: (Caller & { name: string })[] = [
      { name: 'anonymous' },
      { name: 'another booking’s link', token: other.link },
      { name: 'a forged link', token: `${mine.link}x` },
      { name: 'another guest', headers: (await createAccount(t.app, t.db, 'guest')).headers },
      { name: 'the home’s owner', headers: owner.headers },
      { name: 'staff', headers: (await createAccount(t.app, t.db, 'staff')).headers },
      { name: 'an admin', headers: (await createAccount(t.app, t.db, 'admin')).headers },
    ];
    const before = await moneyRows(mine);
    const createIntent = vi.spyOn(t.app.payments, 'createIntent');
    const confirm = { paymentIntentId: 'pi_anything' };
    for (const caller of callers) {
      const answers = await Promise.all([
        post(mine, 'schedule/2/pay', undefined, caller),
        post(mine, 'schedule/2/confirm', confirm, caller),
        post(mine, 'deposit/authorize', undefined, caller),
        post(mine, 'deposit/confirm', confirm, caller),
      ]);
      for (const response of answers) {
        expect(response.statusCode, caller.name).toBe(404);
        expect(response.json(), caller.name).toEqual({ message: 'Trip not found' });
      }
    }
    // An unknown code answers the same.
    const unknown = await post({ code: 'SAS-ZZZZZZ', link: mine.link }, 'deposit/authorize');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Trip not found' });
    expect(createIntent).not.toHaveBeenCalled();
    expect(await moneyRows(mine)).toEqual(before);
  });

  it('lets the guest signed in, and the link, start both payments', async () => {
    const mine = await failedEverything(ada);
    const signedIn = { headers: ada.headers };
    const installment = await post(mine, 'schedule/2/pay', undefined, signedIn);
    expect(installment.statusCode, installment.body).toBe(201);
    const deposit = await post(mine, 'deposit/authorize');
    expect(deposit.statusCode, deposit.body).toBe(201);
  });
});

describe('OpenAPI', () => {
  it('describes the routes from their schemas, error answers included', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const [path, statuses] of [
      ['/api/trips/{code}/schedule/{seq}/pay', ['201', '400', '404', '409']],
      ['/api/trips/{code}/schedule/{seq}/confirm', ['200', '400', '402', '404', '409']],
      ['/api/trips/{code}/deposit/authorize', ['201', '400', '404', '409']],
      ['/api/trips/{code}/deposit/confirm', ['200', '400', '402', '404', '409']],
    ] as const) {
      for (const status of statuses) {
        expect(doc.paths[path]?.post?.responses[status], `POST ${path} ${status}`).toBeDefined();
      }
    }
  });
});
