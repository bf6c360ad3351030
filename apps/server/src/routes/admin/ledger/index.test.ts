// The ledger (issue 29), tried as the company's bookkeeper would: a month
// with an ordinary stay, one in installments, one cancelled at 50%, one with
// a deposit captured and one with a promo code; every booking's lines
// balance, taxes payable hold the taxes of what was kept, and the journal
// (JSON and CSV) is read only by staff and admins.
import {
  bookingConcierge,
  bookings,
  ledgerEntries,
  ownerAccounts,
  paymentIntents,
  promotions,
  properties,
} from '@sas/db';
import {
  addDays,
  type ConciergeOrderResponse,
  ledgerResponseSchema,
  quoteResponseSchema,
  startOfDayIn,
  toCents,
  type AdminTaxLine,
} from '@sas/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDeps } from '../../../lib/booking-deps.js';
import { cancelBooking } from '../../../services/booking/cancel.js';
import type { BookingDeps } from '../../../services/money-deps.js';
import { finalizeServicePayments } from '../../../services/payment-events.js';
import { captureDeposit } from '../../../services/schedule/capture.js';
import { signTripToken } from '../../../services/trip-links.js';
import { runPaymentScheduler } from '../../../services/schedule/scheduler.js';
import {
  bookStay,
  confirmationPayload,
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
} from '../../../test/booking.js';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

const hourMs = 3_600_000;
const timeZone = 'America/Denver';

let t: TestApp;
let deps: BookingDeps;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let cleaner: TestAccount;
let home: { id: string; slug: string };
let depositHome: { id: string; slug: string };

const lines: AdminTaxLine[] = [
  {
    name: 'State sales tax',
    jurisdiction: 'State',
    rate: 4,
    cleaningTaxable: false,
    addOnsTaxable: false,
    exemptFromNights: 30,
  },
  {
    name: 'Lodging tax',
    jurisdiction: 'Town',
    rate: 6,
    cleaningTaxable: true,
    addOnsTaxable: false,
    exemptFromNights: null,
  },
];

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  deps = bookingDeps(t.app);
  home = await createBookableHome(t.db);
  depositHome = await createBookableHome(t.db);
  await t.db.update(properties).set({ depositCents: 60_000 }).where(eq(properties.id, depositHome.id));
  accounts = await createRoleAccounts(t.app, t.db, [home.id, depositHome.id], []);
  cleaner = await createAccount(t.app, t.db, 'cleaner');
  await t.db.insert(ownerAccounts).values({ userId: accounts.owner.id, commissionBps: 1500 });
  const put = await injectAs(t.app, accounts.admin, {
    method: 'PUT',
    url: `/api/admin/properties/${home.id}/taxes`,
    payload: lines,
  });
  expect(put.statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

async function priceOf(stay: { checkIn: string; checkOut: string }, promoCode?: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${home.slug}/quote`,
    payload: {
      checkin_date: stay.checkIn,
      checkout_date: stay.checkOut,
      guests: { adults: 2, children: 1 },
      ...(promoCode ? { promoCode } : {}),
    },
  });
  return toCents(quoteResponseSchema.parse(response.json()).total);
}

async function linesOf(bookingId: string) {
  return t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(asc(ledgerEntries.at));
}

function net(rows: readonly { account: string; debitCents: number; creditCents: number }[], account: string): number {
  return rows.filter((row) => row.account === account).reduce((sum, row) => sum + row.creditCents - row.debitCents, 0);
}

function expectBalanced(rows: readonly { debitCents: number; creditCents: number }[]) {
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.reduce((sum, row) => sum + row.debitCents - row.creditCents, 0)).toBe(0);
}

const booked: string[] = [];

describe('every flow of money writes balanced lines', () => {
  it('an ordinary stay: the charge shared between owner, commission, cleaning and each tax', async () => {
    const stay = nextStay(3);
    const booking = await bookStay(t.app, t.db, intentRequest(home, stay, { amount: await priceOf(stay) }));
    booked.push(booking.id);
    const rows = await linesOf(booking.id);
    expectBalanced(rows);
    expect(-net(rows, 'processor_clearing')).toBe(booking.totalCents);
    expect(net(rows, 'taxes_payable')).toBe(booking.taxesCents);
    // $600 of nights at 15% commission.
    expect(net(rows, 'revenue_commission')).toBe(9_000);
    expect(net(rows, 'owner_payable')).toBe(51_000);
    expect(net(rows, 'revenue_cleaning')).toBe(15_000);
    expect(rows.find((row) => row.account === 'owner_payable')?.party).toBe(accounts.owner.id);
    // A repeat of the movement writes nothing.
    const { postPayment } = await import('../../../services/ledger/post.js');
    await t.db.transaction((tx) => postPayment(tx, booking.paymentIntentId));
    expect(await linesOf(booking.id)).toHaveLength(rows.length);
  });

  it('installments: each charge shared in proportion, adding up to the price', async () => {
    const stay = nextStay(3);
    const request = intentRequest(home, stay, { paymentPlan: 'installments', amount: await priceOf(stay) });
    const intent = await createIntent(t.app, request);
    expect((await payWithCard(t.app, intent)).status).toBe(200);
    expect((await postConfirm(t.app, confirmationPayload(intent, { ...stay, propertyId: home.id }))).status).toBe(200);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
    if (!booking) throw new Error('no booking');
    booked.push(booking.id);
    for (const charge of intent.schedule.slice(1)) {
      await runPaymentScheduler(deps, new Date(startOfDayIn(timeZone, charge.dueDate).getTime() + 12 * hourMs));
    }
    const rows = await linesOf(booking.id);
    expectBalanced(rows);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['charge', 'installment']));
    expect(-net(rows, 'processor_clearing')).toBe(booking.totalCents);
    expect(net(rows, 'taxes_payable')).toBe(booking.taxesCents);
    for (const line of booking.taxLines) {
      const perTax = rows.filter((row) => row.account === 'taxes_payable' && row.detail === line.name);
      expect(net(perTax, 'taxes_payable')).toBe(line.amountCents);
    }
  });

  it('cancelled at 50%: half goes back, with tax in proportion', async () => {
    const stay = nextStay(3);
    const booking = await bookStay(t.app, t.db, intentRequest(home, stay, { amount: await priceOf(stay) }));
    booked.push(booking.id);
    const half = Math.round(booking.totalCents / 2);
    const outcome = await cancelBooking(
      deps,
      {
        code: booking.code,
        actor: { kind: 'staff', userId: null, label: 'Test' },
        refund: { choice: 'amount', cents: half },
      },
      new Date(),
    );
    expect(outcome.status).toBe('cancelled');
    const rows = await linesOf(booking.id);
    expectBalanced(rows);
    expect(-net(rows, 'processor_clearing')).toBe(booking.totalCents - half);
    const keptTax = net(rows, 'taxes_payable');
    expect(Math.abs(keptTax - booking.taxesCents / 2)).toBeLessThanOrEqual(1);
  });

  it('a promo code: the owner is paid on the rent after the discount', async () => {
    await t.db.insert(promotions).values({ code: 'LEDGER10', kind: 'percent', value: 1000 });
    const stay = nextStay(3);
    const booking = await bookStay(
      t.app,
      t.db,
      intentRequest(home, stay, { amount: await priceOf(stay, 'LEDGER10'), promoCode: 'LEDGER10' }),
    );
    booked.push(booking.id);
    expect(booking.discountCents).toBe(6_000);
    const rows = await linesOf(booking.id);
    expectBalanced(rows);
    expect(net(rows, 'owner_payable') + net(rows, 'revenue_commission')).toBe(54_000);
  });

  it('a deposit: the card check and its refund, and a capture, each held in deposits', async () => {
    const stay = nextStay(3);
    const booking = await bookStay(t.app, t.db, intentRequest(depositHome, stay));
    booked.push(booking.id);
    const holdFrom = startOfDayIn(timeZone, addDays(stay.checkIn, -7));
    await runPaymentScheduler(deps, new Date());
    await runPaymentScheduler(deps, new Date(holdFrom.getTime() + hourMs));
    await runPaymentScheduler(deps, new Date(holdFrom.getTime() + 2 * hourMs));
    const capture = await captureDeposit(
      deps,
      booking,
      { amountCents: 20_000, reason: 'damage', note: 'Broken lamp', userId: null },
      new Date(holdFrom.getTime() + 3 * hourMs),
    );
    expect(capture.status).toBe('ok');
    const rows = await linesOf(booking.id);
    expectBalanced(rows);
    expect(rows.some((row) => row.kind === 'deposit_check')).toBe(true);
    expect(rows.some((row) => row.kind === 'deposit_capture')).toBe(true);
    const checkRefunded = rows.some((row) => row.kind === 'deposit_refund');
    const [check] = await t.db
      .select({ amount: paymentIntents.amountCents })
      .from(paymentIntents)
      .where(eq(paymentIntents.purpose, 'validation'));
    expect(net(rows, 'deposits_held')).toBe(20_000 + (checkRefunded ? 0 : (check?.amount ?? 0)));
  });

  it('a concierge service paid on the trip page whose browser never came back: the finalizer records it', async () => {
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, booked[0]!));
    const link = await signTripToken(t.env.JWT_SECRET, booking!.code);
    const ordered = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${booking!.code}/add-ons?token=${encodeURIComponent(link)}`,
      payload: { id: 3, date: addDays(booking!.checkIn, 1), time: '18:30' },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const { addOn, payment } = ordered.json<ConciergeOrderResponse>();
    expect((await payWithCard(t.app, payment)).status).toBe(200);
    // No confirm call and no webhook (the sandbox sends none): only the finalizer.
    expect(await finalizeServicePayments(deps, new Date(), { graceSeconds: 0 })).toBe(1);
    const [service] = await t.db.select().from(bookingConcierge).where(eq(bookingConcierge.id, addOn.id));
    expect(service?.status).toBe('paid');
    const rows = await linesOf(booking!.id);
    expectBalanced(rows);
    const concierge = rows.filter((row) => row.kind === 'concierge');
    expect(net(concierge, 'revenue_concierge')).toBe(20_000);
    // Settled: the next pass has nothing to do.
    expect(await finalizeServicePayments(deps, new Date(), { graceSeconds: 0 })).toBe(0);
  });

  it('every line of every booking balances, and the whole ledger too', async () => {
    for (const id of booked) expectBalanced(await linesOf(id));
    expectBalanced(await t.db.select().from(ledgerEntries));
  });
});

describe('GET /api/admin/ledger and /api/admin/ledger/export.csv', () => {
  it('refuses anonymous callers (401), guests, cleaners and owners (403)', async () => {
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [cleaner, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ] as const) {
      expect((await injectAs(t.app, account, { url: '/api/admin/ledger' })).statusCode).toBe(status);
      expect((await injectAs(t.app, account, { url: '/api/admin/ledger/export.csv' })).statusCode).toBe(status);
    }
  });

  it('answers staff and admins the lines in dollars, by date range or booking, and refuses bad dates', async () => {
    const [first] = await t.db.select().from(bookings).where(eq(bookings.id, booked[0]!));
    for (const account of [accounts.staff, accounts.admin]) {
      const response = await injectAs(t.app, account, { url: `/api/admin/ledger?booking=${first!.code}` });
      expect(response.statusCode).toBe(200);
      const entries = ledgerResponseSchema.parse(response.json());
      expect(entries.every((entry) => entry.booking === first!.code)).toBe(true);
      expect(entries.reduce((sum, e) => sum + toCents(e.debit) - toCents(e.credit), 0)).toBe(0);
      expect(entries.some((entry) => entry.account === 'Taxes payable: Town Lodging tax')).toBe(true);
    }
    const far = await injectAs(t.app, accounts.staff, { url: '/api/admin/ledger?from=2001-01-01&to=2001-01-31' });
    expect(far.json()).toEqual([]);
    for (const bad of ['from=2026-02-30', 'to=yesterday', 'color=red']) {
      const response = await injectAs(t.app, accounts.staff, { url: `/api/admin/ledger?${bad}` });
      expect(response.statusCode).toBe(400);
    }
  });

  it('exports a general journal that balances', async () => {
    const response = await injectAs(t.app, accounts.admin, { url: '/api/admin/ledger/export.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = response.body.trim().split('\n');
    expect(header).toBe('Date,Account,Debit,Credit,Memo,Reference');
    let balance = 0;
    for (const row of rows) {
      const cells = row.split(',');
      // Date, account, debit, credit: no cell of these has a comma.
      balance += toCents(Number(cells[2] || 0)) - toCents(Number(cells[3] || 0));
    }
    expect(rows.length).toBeGreaterThan(10);
    expect(balance).toBe(0);
  });
});
