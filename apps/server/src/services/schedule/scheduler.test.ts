// Walks bookings through their money over time with the scheduler's clock
// (issue 17): installments paid on schedule, a declined one cancelled after
// the 72-hour grace, a deposit validated, held, renewed twice and released,
// one partly captured for smoking, and a charge whose record was lost. Runs
// on PGlite and, in CI, on PostgreSQL.
import {
  bookingDeposits,
  bookingPayments,
  bookings,
  emailOutbox,
  paymentIntents,
  paymentRefunds,
  properties,
  sandboxCharges,
  stays,
} from '@sas/db';
import { addDays, depositHoldRenewalDays, rentalAgreementVersion, startOfDayIn } from '@sas/domain';
import { and, asc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDeps } from '../../lib/booking-deps.js';
import {
  bookStay,
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  postIntent,
  testCards,
  payWithCard,
  confirmationPayload,
  postConfirm,
} from '../../test/booking.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import type { BookingDeps } from '../money-deps.js';
import { captureDeposit } from './capture.js';
import { runPaymentScheduler, schedulerLeaseMs } from './scheduler.js';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const timeZone = 'America/Denver';

let t: TestApp;
let deps: BookingDeps;
let homeId: string;
let depositHomeId: string;

beforeAll(async () => {
  t = await buildTestApp({ COMPANY_INBOX_EMAIL: 'office@summitandshore.test' }, { seed: false });
  deps = bookingDeps(t.app);
  homeId = (await createBookableHome(t.db)).id;
  const depositHome = await createBookableHome(t.db);
  depositHomeId = depositHome.id;
  await t.db.update(properties).set({ depositCents: 60_000 }).where(eq(properties.id, depositHomeId));
});

afterAll(async () => {
  await t?.close();
});

/** Noon on a date of the home's calendar. */
function noonOn(date: string): Date {
  return new Date(startOfDayIn(timeZone, date).getTime() + 12 * hourMs);
}

async function scheduleOf(bookingId: string) {
  return t.db
    .select()
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, bookingId))
    .orderBy(asc(bookingPayments.seq));
}

async function depositOf(bookingId: string) {
  const [row] = await t.db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, bookingId));
  if (!row) throw new Error('no deposit');
  return row;
}

async function chargesOf(bookingCode: string) {
  const rows = await t.db.select().from(sandboxCharges);
  return rows.filter((row) => row.metadata.booking_code === bookingCode);
}

async function emailsOf(bookingId: string) {
  const rows = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.reference, `booking:${bookingId}`));
  return rows.map((row) => ({ kind: row.kind, to: row.to, text: row.text }));
}

/** A booking in installments, paid with `card` (the sandbox saves it). */
async function bookInInstallments(card: string = testCards.visa) {
  const stay = nextStay(3);
  const request = intentRequest({ id: homeId }, stay, { paymentPlan: 'installments' });
  const intent = await createIntent(t.app, request);
  const paid = await payWithCard(t.app, intent, card);
  expect(paid.status).toBe(200);
  const confirmed = await postConfirm(t.app, confirmationPayload(intent, { ...stay, propertyId: homeId }));
  expect(confirmed.status).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
  if (!booking) throw new Error('no booking');
  return { booking, intent, stay };
}

describe('the payment schedule', () => {
  it('splits the total into three charges that add up to it, the first now, the last 30 days before check-in', async () => {
    const stay = nextStay(3);
    const request = intentRequest({ id: homeId }, stay, { paymentPlan: 'installments' });
    const intent = await createIntent(t.app, request);
    expect(intent.schedule).toHaveLength(3);
    const cents = intent.schedule.map((charge) => Math.round(charge.amount * 100));
    expect(cents.reduce((a, b) => a + b, 0)).toBe(request.amount);
    expect(intent.amount).toBe(cents[0]);
    expect(cents[0]).toBeGreaterThanOrEqual(cents[1] ?? 0);
    expect(intent.schedule[2]?.dueDate).toBe(addDays(stay.checkIn, -30));
    expect(intent.schedule[0]!.dueDate < intent.schedule[1]!.dueDate).toBe(true);
    expect(intent.schedule[1]!.dueDate < intent.schedule[2]!.dueDate).toBe(true);
  });

  it('refuses installments for a check-in 45 days away or less, and an intent without the agreement', async () => {
    const soon = { checkIn: addDays(new Date().toISOString().slice(0, 10), 40), checkOut: '' };
    soon.checkOut = addDays(soon.checkIn, 3);
    const refused = await postIntent(
      t.app,
      intentRequest({ id: homeId }, soon, { paymentPlan: 'installments', amount: 1 }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/more than 45 days away/);

    const stay = nextStay(3);
    const noAgreement = intentRequest({ id: homeId }, stay);
    delete noAgreement.agreement;
    const without = await postIntent(t.app, noAgreement);
    expect(without).toEqual({ status: 422, body: { message: 'Please accept the rental agreement to continue.' } });
    const notAccepted = await postIntent(
      t.app,
      intentRequest({ id: homeId }, stay, { agreement: { accepted: false } }),
    );
    expect(notAccepted.status).toBe(422);
    const holds = await t.db
      .select()
      .from(stays)
      .where(and(eq(stays.propertyId, homeId), eq(stays.kind, 'hold'), eq(stays.status, 'active')));
    expect(holds.filter((hold) => hold.nights.includes(stay.checkIn))).toHaveLength(0);
  });

  it('asks the primary renter of an age-restricted home to be over 25, and records the agreement on the booking', async () => {
    const restricted = await createBookableHome(t.db);
    await t.db.update(properties).set({ ageRestricted: true }).where(eq(properties.id, restricted.id));
    const stay = nextStay(3);
    const refused = await postIntent(
      t.app,
      intentRequest({ id: restricted.id }, stay, { agreement: { accepted: true } }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/over 25/);
    const booking = await bookStay(
      t.app,
      t.db,
      intentRequest({ id: restricted.id }, stay, { agreement: { accepted: true, over25: true } }),
    );
    expect(booking.agreement?.version).toBe(rentalAgreementVersion);
    expect(booking.agreement?.over25).toBe(true);
    expect(Date.parse(booking.agreement?.acceptedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const confirmation = (await emailsOf(booking.id)).find((email) => email.kind === 'booking_confirmation');
    expect(confirmation?.text).toContain(`rental agreement (version ${booking.agreement?.version})`);
  });

  it('charges a three-installment booking on its due dates, once each, whatever the passes', async () => {
    const { booking } = await bookInInstallments();
    const rows = await scheduleOf(booking.id);
    expect(rows.map((row) => row.status)).toEqual(['paid', 'scheduled', 'scheduled']);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(booking.totalCents);
    const confirmation = (await emailsOf(booking.id)).find((email) => email.kind === 'booking_confirmation');
    expect(confirmation?.text).toContain('Payment schedule:');

    // The day before the second one is due: nothing happens.
    await runPaymentScheduler(deps, noonOn(addDays(rows[1]!.dueDate, -1)));
    expect((await scheduleOf(booking.id)).map((row) => row.status)).toEqual(['paid', 'scheduled', 'scheduled']);

    const second = noonOn(rows[1]!.dueDate);
    expect((await runPaymentScheduler(deps, second)).charged).toBe(1);
    expect((await runPaymentScheduler(deps, second)).charged).toBe(0);
    const third = noonOn(rows[2]!.dueDate);
    await runPaymentScheduler(deps, third);
    await runPaymentScheduler(deps, new Date(third.getTime() + dayMs));
    const after = await scheduleOf(booking.id);
    expect(after.map((row) => row.status)).toEqual(['paid', 'paid', 'paid']);
    const charges = await chargesOf(booking.code);
    expect(charges.map((charge) => charge.amountCents).sort()).toEqual(
      [rows[1]!.amountCents, rows[2]!.amountCents].sort(),
    );
    const receipts = (await emailsOf(booking.id)).filter((email) => email.kind === 'installment_paid');
    expect(
      receipts.map((email) => email.text.includes('installment 2 of 3') || email.text.includes('installment 3 of 3')),
    ).toEqual([true, true]);
    const recorded = await t.db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, booking.id));
    expect(recorded.map((row) => [row.purpose, row.status])).toEqual([
      ['installment', 'succeeded'],
      ['installment', 'succeeded'],
    ]);
  });

  it('cancels a booking whose declined second installment is not paid within 72 hours, refunding the tier of what was paid', async () => {
    const { booking, stay } = await bookInInstallments(testCards.declinesLater);
    const rows = await scheduleOf(booking.id);
    const due = noonOn(rows[1]!.dueDate);
    expect((await runPaymentScheduler(deps, due)).failed).toBe(1);
    const [, failed] = await scheduleOf(booking.id);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Your card was declined.' });
    expect(failed?.payBy?.getTime()).toBe(due.getTime() + 72 * hourMs);
    const notice = (await emailsOf(booking.id)).find((email) => email.kind === 'installment_failed');
    expect(notice?.text).toMatch(/\/trips\/SAS-[A-Z0-9]+\?token=/);
    // The link lasts the 72 hours the guest has to pay from it, not a day (issue 29).
    const token = /\?token=([\w.-]+)/.exec(notice?.text ?? '')?.[1] ?? '';
    expect(decodeJwt(token).exp).toBe(Math.floor((failed?.payBy?.getTime() ?? 0) / 1000));
    // The deadline on the home's clock (Denver), not UTC.
    expect(notice?.text).toMatch(/by \w+day, \w+ \d+, \d{4} at \d+:\d{2} [AP]M M[SD]T \(the home's time\)/);

    // Still inside the grace: the booking stands, and the next pass charges nothing again.
    await runPaymentScheduler(deps, new Date(due.getTime() + 71 * hourMs));
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.status).toBe('confirmed');
    expect(await chargesOf(booking.code)).toHaveLength(1);

    const late = new Date(due.getTime() + 73 * hourMs);
    expect((await runPaymentScheduler(deps, late)).cancelled).toBe(1);
    const [cancelled] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(cancelled?.status).toBe('cancelled');
    // More than 30 days before check-in and over 48 hours after booking: half of what was paid.
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, booking.paymentIntentId));
    expect(refunds.map((refund) => refund.amountCents)).toEqual([Math.floor(rows[0]!.amountCents / 2)]);
    expect((await scheduleOf(booking.id)).map((row) => row.status)).toEqual(['paid', 'waived', 'waived']);
    const kinds = (await emailsOf(booking.id)).map((email) => email.kind);
    expect(kinds).toEqual(expect.arrayContaining(['booking_cancelled', 'booking_cancelled_company']));
    // The nights are free again.
    const again = await postIntent(t.app, intentRequest({ id: homeId }, stay));
    expect(again.status).toBe(200);
  });

  it('keeps a booking whose failed installment the guest pays from the booking page', async () => {
    const { booking } = await bookInInstallments(testCards.declinesLater);
    const rows = await scheduleOf(booking.id);
    const due = noonOn(rows[1]!.dueDate);
    await runPaymentScheduler(deps, due);
    const { startInstallmentPayment, confirmInstallmentPayment } = await import('./guest-payments.js');
    const [current] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const started = await startInstallmentPayment(deps, current!, 2, due);
    if (started.status !== 'ok') throw new Error(started.status);
    expect(started.payment.amount).toBe(rows[1]!.amountCents);
    expect((await payWithCard(t.app, started.payment, testCards.declined)).status).toBe(402);
    expect(await confirmInstallmentPayment(deps, current!, 2, started.payment.paymentIntentId, due)).toMatchObject({
      status: 'not_paid',
    });
    expect((await payWithCard(t.app, started.payment, testCards.visa)).status).toBe(200);
    expect(await confirmInstallmentPayment(deps, current!, 2, started.payment.paymentIntentId, due)).toEqual({
      status: 'paid',
    });
    await runPaymentScheduler(deps, new Date(due.getTime() + 80 * hourMs));
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept?.status).toBe('confirmed');
    expect((await scheduleOf(booking.id)).map((row) => row.status)).toEqual(['paid', 'paid', 'scheduled']);
    // The card that paid is the one charged next.
    await runPaymentScheduler(deps, noonOn(rows[2]!.dueDate));
    expect((await scheduleOf(booking.id)).map((row) => row.status)).toEqual(['paid', 'paid', 'paid']);
  });

  it('charges a due installment once when two processes run the scheduler at the same moment', async () => {
    const { booking } = await bookInInstallments();
    const rows = await scheduleOf(booking.id);
    const due = noonOn(rows[1]!.dueDate);
    const other = bookingDeps(t.app);
    const [a, b] = await Promise.all([runPaymentScheduler(deps, due), runPaymentScheduler(other, due)]);
    expect(a.charged + b.charged).toBe(1);
    expect(await chargesOf(booking.code)).toHaveLength(1);
    expect((await scheduleOf(booking.id))[1]?.status).toBe('paid');
  });

  it('refunds in full a second payment of the same installment made from another tab', async () => {
    const { booking } = await bookInInstallments(testCards.declinesLater);
    const rows = await scheduleOf(booking.id);
    const due = noonOn(rows[1]!.dueDate);
    await runPaymentScheduler(deps, due);
    const { startInstallmentPayment, confirmInstallmentPayment } = await import('./guest-payments.js');
    const [current] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const tabA = await startInstallmentPayment(deps, current!, 2, due);
    const tabB = await startInstallmentPayment(deps, current!, 2, due);
    if (tabA.status !== 'ok' || tabB.status !== 'ok') throw new Error('no payment');
    expect((await payWithCard(t.app, tabA.payment, testCards.visa)).status).toBe(200);
    expect((await payWithCard(t.app, tabB.payment, testCards.visa)).status).toBe(200);
    expect(await confirmInstallmentPayment(deps, current!, 2, tabA.payment.paymentIntentId, due)).toEqual({
      status: 'paid',
    });
    expect(await confirmInstallmentPayment(deps, current!, 2, tabB.payment.paymentIntentId, due)).toEqual({
      status: 'paid',
    });
    expect((await scheduleOf(booking.id))[1]).toMatchObject({
      status: 'paid',
      paymentIntentId: tabA.payment.paymentIntentId,
    });
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, tabB.payment.paymentIntentId));
    expect(refunds.map((refund) => [refund.amountCents, refund.reason])).toEqual([
      [rows[1]!.amountCents, 'installment_not_needed'],
    ]);
  });

  it('ends with one charge and its record when the process dies between charging and recording', async () => {
    const { booking } = await bookInInstallments();
    const rows = await scheduleOf(booking.id);
    const due = noonOn(rows[1]!.dueDate);
    await expect(
      runPaymentScheduler(deps, due, {
        afterProviderCall: () => {
          throw new Error('the process died here');
        },
      }),
    ).resolves.toMatchObject({ charged: 0 });
    expect(await chargesOf(booking.code)).toHaveLength(1);
    expect((await scheduleOf(booking.id))[1]).toMatchObject({ status: 'scheduled', claimedAt: due });
    // Another process within the lease leaves the claimed row alone.
    expect((await runPaymentScheduler(deps, new Date(due.getTime() + 60_000))).charged).toBe(0);
    // After the lease the charge is asked again under the same key: the same charge, now recorded.
    expect((await runPaymentScheduler(deps, new Date(due.getTime() + schedulerLeaseMs + 1))).charged).toBe(1);
    const charges = await chargesOf(booking.code);
    expect(charges).toHaveLength(1);
    expect((await scheduleOf(booking.id))[1]).toMatchObject({ status: 'paid', paymentIntentId: charges[0]?.id });
  });
});

describe('the security deposit', () => {
  async function bookWithDeposit(nights = 3) {
    const stay = nextStay(nights);
    const booking = await bookStay(t.app, t.db, intentRequest({ id: depositHomeId }, stay));
    return { booking, stay };
  }

  it('checks the card with $2 refunded at once, holds 7 days before check-in, renews twice and releases 2 days after check-out', async () => {
    const { booking, stay } = await bookWithDeposit(4);
    const deposit = await depositOf(booking.id);
    expect(deposit).toMatchObject({ amountCents: 60_000, status: 'scheduled', validationStatus: 'pending' });
    expect(deposit.holdFrom).toEqual(startOfDayIn(timeZone, addDays(stay.checkIn, -7)));
    expect(deposit.releaseAt).toEqual(startOfDayIn(timeZone, addDays(stay.checkOut, 2)));

    await runPaymentScheduler(deps, new Date());
    const validated = await depositOf(booking.id);
    expect(validated).toMatchObject({ status: 'scheduled', validationStatus: 'refunded' });
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, validated.validationIntentId!));
    expect(refunds.map((refund) => [refund.amountCents, refund.reason])).toEqual([[200, 'validation']]);

    const first = new Date(deposit.holdFrom.getTime() + hourMs);
    expect((await runPaymentScheduler(deps, first)).held).toBe(1);
    const held = await depositOf(booking.id);
    expect(held).toMatchObject({ status: 'held', holdCount: 1 });

    // Not renewed before 4 days have passed; renewed twice after.
    expect((await runPaymentScheduler(deps, new Date(first.getTime() + 3 * dayMs))).held).toBe(0);
    const renewal1 = new Date(first.getTime() + depositHoldRenewalDays * dayMs);
    expect((await runPaymentScheduler(deps, renewal1)).held).toBe(1);
    const renewal2 = new Date(renewal1.getTime() + depositHoldRenewalDays * dayMs);
    expect((await runPaymentScheduler(deps, renewal2)).held).toBe(1);
    const renewed = await depositOf(booking.id);
    expect(renewed).toMatchObject({ status: 'held', holdCount: 3, previousHoldIntentId: null });
    const holds = (await chargesOf(booking.code)).filter((charge) => charge.captureMethod === 'manual');
    expect(holds.map((hold) => hold.status).sort()).toEqual(['canceled', 'canceled', 'requires_capture']);
    expect(holds.find((hold) => hold.status === 'requires_capture')?.id).toBe(renewed.holdIntentId);

    // Held until the release instant (renewed once more 4 days on), released then.
    await runPaymentScheduler(deps, new Date(deposit.releaseAt.getTime() - 60_000));
    const last = await depositOf(booking.id);
    expect(last).toMatchObject({ status: 'held', holdCount: 4 });
    expect((await runPaymentScheduler(deps, deposit.releaseAt)).released).toBe(1);
    expect(await depositOf(booking.id)).toMatchObject({ status: 'released', holdIntentId: last.holdIntentId });
    const all = (await chargesOf(booking.code)).filter((charge) => charge.captureMethod === 'manual');
    expect(all.every((hold) => hold.status === 'canceled')).toBe(true);
    const kinds = (await emailsOf(booking.id)).map((email) => email.kind);
    expect(kinds).toEqual(expect.arrayContaining(['deposit_held', 'deposit_released']));
    const released = (await emailsOf(booking.id)).find((email) => email.kind === 'deposit_released');
    expect(released?.text).toContain('$600.00');
  });

  it('validates and holds in one pass once the hold day has come (as for a booking made within 7 days of check-in)', async () => {
    const stay = nextStay(3);
    const booking = await bookStay(t.app, t.db, intentRequest({ id: depositHomeId }, stay));
    const result = await runPaymentScheduler(
      deps,
      new Date(startOfDayIn(timeZone, addDays(stay.checkIn, -2)).getTime()),
    );
    expect(result.held).toBe(1);
    expect(await depositOf(booking.id)).toMatchObject({ status: 'held', validationStatus: 'refunded', holdCount: 1 });
  });

  it('captures $500 for smoking from a $600 hold, releases the rest, and tells the guest', async () => {
    const { booking } = await bookWithDeposit();
    const deposit = await depositOf(booking.id);
    const holdTime = new Date(deposit.holdFrom.getTime() + hourMs);
    await runPaymentScheduler(deps, holdTime);
    const held = await depositOf(booking.id);
    expect(held.status).toBe('held');
    const wrong = await captureDeposit(
      deps,
      booking,
      { amountCents: 40_000, reason: 'smoking', userId: null },
      holdTime,
    );
    expect(wrong.status).toBe('rejected');
    const tooMuch = await captureDeposit(
      deps,
      booking,
      { amountCents: 70_000, reason: 'damage', note: 'Broken table', userId: null },
      holdTime,
    );
    expect(tooMuch.status).toBe('rejected');

    const outcome = await captureDeposit(
      deps,
      booking,
      { amountCents: 50_000, reason: 'smoking', userId: null },
      holdTime,
    );
    expect(outcome).toEqual({
      status: 'ok',
      result: { code: booking.code, captured: 500, reason: 'smoking', released: 100, status: 'captured' },
    });
    const [hold] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, held.holdIntentId!));
    expect(hold).toMatchObject({ status: 'succeeded', capturedCents: 50_000 });
    // Captured once: a second request finds nothing held, and the release day changes nothing.
    expect(
      (await captureDeposit(deps, booking, { amountCents: 50_000, reason: 'smoking', userId: null }, holdTime)).status,
    ).toBe('conflict');
    await runPaymentScheduler(deps, deposit.releaseAt);
    expect(await depositOf(booking.id)).toMatchObject({ status: 'captured', capturedCents: 50_000 });
    const { bookingMoney } = await import('./summary.js');
    expect((await bookingMoney(t.db, booking.id)).deposit).toEqual({
      amount: 600,
      status: 'captured',
      capturedAmount: 500,
      capturedFor: 'Smoking inside a home',
    });
    const email = (await emailsOf(booking.id)).find((message) => message.kind === 'deposit_captured');
    expect(email?.text).toContain('$500.00');
    expect(email?.text).toContain('$100.00');
  });

  it('asks the guest to authorise again when the saved card cannot be held, and alerts staff', async () => {
    const stay = nextStay(3);
    const request = intentRequest({ id: depositHomeId }, stay);
    const intent = await createIntent(t.app, request);
    await payWithCard(t.app, intent, testCards.declinesLater);
    await postConfirm(t.app, confirmationPayload(intent, { ...stay, propertyId: depositHomeId }));
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
    await runPaymentScheduler(deps, new Date());
    expect(await depositOf(booking!.id)).toMatchObject({ status: 'failed', validationStatus: 'failed' });
    const emails = await emailsOf(booking!.id);
    expect(emails.find((email) => email.kind === 'deposit_failed')?.text).toMatch(/\?token=/);
    expect(emails.find((email) => email.kind === 'deposit_failed_company')?.to).toBe('office@summitandshore.test');

    const { startDepositAuthorization, confirmDepositAuthorization } = await import('./guest-payments.js');
    const started = await startDepositAuthorization(deps, booking!, new Date());
    if (started.status !== 'ok') throw new Error(started.status);
    expect((await payWithCard(t.app, started.payment, testCards.visa)).status).toBe(200);
    expect(await confirmDepositAuthorization(deps, booking!, started.payment.paymentIntentId, new Date())).toEqual({
      status: 'paid',
    });
    expect(await depositOf(booking!.id)).toMatchObject({
      status: 'held',
      holdIntentId: started.payment.paymentIntentId,
    });
  });

  it('releases the hold when the booking is cancelled', async () => {
    const { booking } = await bookWithDeposit();
    const deposit = await depositOf(booking.id);
    const holdTime = new Date(deposit.holdFrom.getTime() + hourMs);
    await runPaymentScheduler(deps, holdTime);
    const { cancelBooking } = await import('../booking/cancel.js');
    await cancelBooking(
      deps,
      { code: booking.code, actor: { kind: 'staff', userId: null, label: 'staff' }, refund: { choice: 'none' } },
      holdTime,
    );
    await runPaymentScheduler(deps, holdTime);
    const after = await depositOf(booking.id);
    expect(after.status).toBe('cancelled');
    const [hold] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, after.holdIntentId!));
    expect(hold?.status).toBe('canceled');
  });
});

describe('a declined deposit hold (issue 29)', () => {
  async function validatedWithoutCard() {
    const stay = nextStay(3);
    const booking = await bookStay(t.app, t.db, intentRequest({ id: depositHomeId }, stay));
    await runPaymentScheduler(deps, new Date());
    expect(await depositOf(booking.id)).toMatchObject({ status: 'scheduled', validationStatus: 'refunded' });
    const card = { customerId: booking.customerId, paymentMethodId: booking.paymentMethodId };
    // The card goes (expired, removed): every hold is declined until it is back.
    await t.db.update(bookings).set({ paymentMethodId: null }).where(eq(bookings.id, booking.id));
    const checkInAt = startOfDayIn(timeZone, stay.checkIn);
    return { booking, card, checkInAt };
  }
  const failedNotices = async (bookingId: string) =>
    (await emailsOf(bookingId)).filter((email) => email.kind === 'deposit_failed');

  it('is tried again every 12 hours without asking the guest, and a try that succeeds holds', async () => {
    const { booking, card } = await validatedWithoutCard();
    const { holdFrom } = await depositOf(booking.id);
    const first = new Date(holdFrom.getTime() + hourMs);
    expect((await runPaymentScheduler(deps, first)).failed).toBe(1);
    expect(await depositOf(booking.id)).toMatchObject({ status: 'failed', holdRetries: 1 });
    expect((await runPaymentScheduler(deps, new Date(first.getTime() + 6 * hourMs))).failed).toBe(0);
    expect((await runPaymentScheduler(deps, new Date(first.getTime() + 12 * hourMs))).failed).toBe(1);
    expect(await depositOf(booking.id)).toMatchObject({ status: 'failed', holdRetries: 2 });
    expect(await failedNotices(booking.id)).toHaveLength(0);

    await t.db.update(bookings).set(card).where(eq(bookings.id, booking.id));
    expect((await runPaymentScheduler(deps, new Date(first.getTime() + 24 * hourMs))).held).toBe(1);
    expect(await depositOf(booking.id)).toMatchObject({ status: 'held', holdRetries: 0, holdCount: 1 });
    expect(await failedNotices(booking.id)).toHaveLength(0);
  });

  it('asks the guest once, after the third retry is declined too', async () => {
    const { booking } = await validatedWithoutCard();
    const { holdFrom } = await depositOf(booking.id);
    const first = new Date(holdFrom.getTime() + hourMs);
    for (const [hours, retries] of [
      [0, 1],
      [12, 2],
      [24, 3],
    ] as const) {
      await runPaymentScheduler(deps, new Date(first.getTime() + hours * hourMs));
      expect(await depositOf(booking.id)).toMatchObject({ status: 'failed', holdRetries: retries });
      expect(await failedNotices(booking.id)).toHaveLength(0);
    }
    await runPaymentScheduler(deps, new Date(first.getTime() + 36 * hourMs));
    expect(await depositOf(booking.id)).toMatchObject({ status: 'failed', holdRetries: 4 });
    expect(await failedNotices(booking.id)).toHaveLength(1);
    // No more tries and no more e-mails after that.
    expect((await runPaymentScheduler(deps, new Date(first.getTime() + 60 * hourMs))).failed).toBe(0);
    expect(await failedNotices(booking.id)).toHaveLength(1);
  });

  it('stops at check-in: a retry that would come after it is not waited for, and check-in asks the guest', async () => {
    const late = await validatedWithoutCard();
    // Declined 6 hours before check-in: the next try would be after it, so the guest is asked now.
    await runPaymentScheduler(deps, new Date(late.checkInAt.getTime() - 6 * hourMs));
    expect(await depositOf(late.booking.id)).toMatchObject({ status: 'failed', holdRetries: 4 });
    expect(await failedNotices(late.booking.id)).toHaveLength(1);

    const waiting = await validatedWithoutCard();
    await runPaymentScheduler(deps, new Date(waiting.checkInAt.getTime() - 20 * hourMs));
    expect(await depositOf(waiting.booking.id)).toMatchObject({ status: 'failed', holdRetries: 1 });
    // The next pass comes only after check-in: no try then, the guest is asked.
    const result = await runPaymentScheduler(deps, new Date(waiting.checkInAt.getTime() + hourMs));
    expect(result.failed).toBe(0);
    expect(await depositOf(waiting.booking.id)).toMatchObject({ status: 'failed', holdRetries: 4 });
    expect(await failedNotices(waiting.booking.id)).toHaveLength(1);
  });
});
