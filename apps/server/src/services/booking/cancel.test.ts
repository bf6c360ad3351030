import { bookingCancellations, bookings, emailOutbox, paymentRefunds, stays } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { addDays } from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingDeps } from '../../lib/booking-deps.js';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
  postIntent,
  weekdayTotalCents,
} from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { cancelBooking, policyRefund, type RefundRequest } from './cancel.js';
import { finalizePaidIntents } from './finalizer.js';

let t: TestApp;
let home: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const staffActor = { kind: 'staff' as const, userId: null, label: 'staff@example.com' };

/** A paid, confirmed 3-night booking through the guest's own path. */
async function book(stay = nextStay(3)) {
  const intent = await createIntent(t.app, intentRequest(home, stay));
  expect((await payWithCard(t.app, intent)).status).toBe(200);
  const confirmed = await postConfirm(t.app, confirmationPayload(intent, { propertyId: home.id, ...stay }));
  expect(confirmed.status).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
  return { booking: booking!, stay };
}

function cancel(code: string, refund: RefundRequest, now = new Date()) {
  return cancelBooking(bookingDeps(t.app), { code, actor: staffActor, refund }, now);
}

/** Noon UTC of a date: early morning of the same date in Colorado. */
function noonOf(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

const paid = weekdayTotalCents(3);

describe('cancelBooking', () => {
  it('refunds by the policy tier at each boundary, rounded down to the cent', async () => {
    const cases: { now: (b: typeof bookings.$inferSelect) => Date; cents: number }[] = [
      // Within 48 hours of booking, however close the stay: everything back.
      { now: (b) => new Date(b.createdAt.getTime() + 48 * 3_600_000), cents: paid },
      // Just after 48 hours, the stay months away: half.
      { now: (b) => new Date(b.createdAt.getTime() + 48 * 3_600_000 + 1), cents: Math.floor(paid / 2) },
      // Exactly 30 days before check-in (the home's date): half; 29 days: nothing.
      { now: (b) => noonOf(addDays(b.checkIn, -30)), cents: Math.floor(paid / 2) },
      { now: (b) => noonOf(addDays(b.checkIn, -29)), cents: 0 },
    ];
    for (const { now, cents } of cases) {
      const { booking } = await book();
      const spy = vi.spyOn(t.app.payments, 'refund');
      const outcome = await cancel(booking.code, { choice: 'policy' }, now(booking));
      expect(outcome).toMatchObject({ status: 'cancelled', created: true, result: { refundCents: cents } });
      // Nothing to refund: no provider call at all.
      expect(spy).toHaveBeenCalledTimes(cents === 0 ? 0 : 1);
      spy.mockRestore();
    }
    // Half of an odd number of cents: the guest gets the cent below.
    const at = new Date('2030-01-10T12:00:00Z');
    expect(
      policyRefund(
        { createdAt: new Date('2030-01-01T00:00:00Z'), checkIn: '2030-03-01', totalCents: 82_501 },
        home.timeZone,
        at,
      ),
    ).toEqual({ percent: 50, cents: 41_250 });
  });

  it('cancels once under two concurrent requests: one refund with the booking key, the first choice wins', async () => {
    const { booking, stay } = await book();
    const spy = vi.spyOn(t.app.payments, 'refund');
    // Two different refunds, both paid out: whichever request wins, the provider is called once.
    const [a, b] = await Promise.all([
      cancel(booking.code, { choice: 'full' }),
      cancel(booking.code, { choice: 'amount', cents: 100 }),
    ]);
    expect(a.status).toBe('cancelled');
    expect(b.status).toBe('cancelled');
    if (a.status !== 'cancelled' || b.status !== 'cancelled') return;
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.result.refundCents).toBe(b.result.refundCents);
    expect(a.result.refundChoice).toBe(b.result.refundChoice);

    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith(
      expect.objectContaining({
        paymentIntentId: booking.paymentIntentId,
        idempotencyKey: `cancel-${booking.id}`,
        amount: a.result.refundCents,
      }),
    );
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, booking.paymentIntentId));
    expect(refunds).toHaveLength(1);
    const rows = await t.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingId, booking.id));
    expect(rows).toHaveLength(1);

    // A third request, later: the same answer, still one refund.
    const again = await cancel(booking.code, { choice: 'full' });
    expect(again).toMatchObject({ status: 'cancelled', created: false, result: { refundCents: a.result.refundCents } });
    expect(spy).toHaveBeenCalledTimes(1);

    // The nights are free for the next guest at once.
    const [stayRow] = await t.db.select().from(stays).where(eq(stays.id, booking.stayId));
    expect(stayRow?.status).toBe('released');
    expect((await postIntent(t.app, intentRequest(home, stay))).status).toBe(200);
  });

  it('queues the guest e-mail with the refund and the company notice, marks the booking cancelled', async () => {
    const { booking } = await book();
    const outcome = await cancel(booking.code, { choice: 'amount', cents: 12_345 });
    expect(outcome).toMatchObject({ status: 'cancelled', result: { refundCents: 12_345, refundStatus: 'done' } });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('cancelled');
    expect(row?.cancelledAt).toBeInstanceOf(Date);

    const emails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.reference, `booking:${booking.id}`));
    const guestMail = emails.find((e) => e.kind === 'booking_cancelled');
    expect(guestMail?.to).toBe(booking.email);
    expect(guestMail?.text).toContain('$123.45');
    expect(guestMail?.text).toContain('7-10 business days');
    expect(guestMail?.html).toContain('$123.45');
    const companyMail = emails.find((e) => e.kind === 'booking_cancelled_company');
    expect(companyMail?.to).toBe(t.env.COMPANY_INBOX_EMAIL);
    expect(companyMail?.text).toContain('staff@example.com');

    const [refund] = await t.db
      .select()
      .from(paymentRefunds)
      .where(
        and(eq(paymentRefunds.paymentIntentId, booking.paymentIntentId), eq(paymentRefunds.reason, 'cancellation')),
      );
    expect(refund?.amountCents).toBe(12_345);
  });

  it("answers a guest's request for their booking e-mail with the cancellation, never a confirmation", async () => {
    const { booking } = await book();
    await cancel(booking.code, { choice: 'none' });
    // What was queued went out; the guest then asks for their e-mail again.
    await t.db
      .update(emailOutbox)
      .set({ status: 'sent' })
      .where(eq(emailOutbox.reference, `booking:${booking.id}`));
    const response = await t.app.inject({ method: 'POST', url: `/api/booking/send-email/${booking.code}` });
    expect(response.statusCode).toBeLessThan(300);
    const [copy] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.reference, `booking:${booking.id}`), eq(emailOutbox.kind, 'booking_confirmation_resend')),
      );
    expect(copy?.subject).toContain('has been cancelled');
    expect(copy?.text).not.toContain('is confirmed');
  });

  it('refuses an amount above what was paid and changes nothing', async () => {
    const { booking } = await book();
    const outcome = await cancel(booking.code, { choice: 'amount', cents: paid + 1 });
    expect(outcome.status).toBe('rejected');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('confirmed');
    expect(await cancel('SAS-NOPE00', { choice: 'none' })).toEqual({ status: 'not_found' });
  });

  it('leaves a failed refund pending and the finalizer issues it with the same key', async () => {
    const { booking } = await book();
    const spy = vi.spyOn(t.app.payments, 'refund').mockRejectedValueOnce(new Error('card network down'));
    const outcome = await cancel(booking.code, { choice: 'full' });
    expect(outcome).toMatchObject({
      status: 'cancelled',
      result: { refundCents: paid, refundStatus: 'refund_pending' },
    });
    const [pending] = await t.db
      .select()
      .from(bookingCancellations)
      .where(eq(bookingCancellations.bookingId, booking.id));
    expect(pending).toMatchObject({ status: 'refund_pending', lastError: 'card network down' });

    const result = await finalizePaidIntents(bookingDeps(t.app), new Date(), { graceSeconds: 0 });
    expect(result.refunded).toBeGreaterThanOrEqual(1);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls.map(([input]) => input.idempotencyKey)).toEqual([
      `cancel-${booking.id}`,
      `cancel-${booking.id}`,
    ]);
    const [done] = await t.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingId, booking.id));
    expect(done).toMatchObject({ status: 'done', lastError: null });
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, booking.paymentIntentId));
    expect(refunds.map((r) => r.amountCents)).toEqual([paid]);
  });
});
