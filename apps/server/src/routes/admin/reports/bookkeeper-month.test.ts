// Issue 29's "Done when", walked as the company's bookkeeper would, in one
// month through the app's own routes and services (sandbox processor, times
// given to the scheduler): ordinary stays, one in installments, one
// cancelled at 50%, one with a deposit capture and one with a promo code,
// and an expense with its receipt. Then: every booking's ledger balances;
// each jurisdiction's return equals the taxes of what was kept, to the
// cent; each owner's statement nets gross less discounts, commission,
// cleaning and expenses, and opens as a PDF; the journal CSV parses as a
// spreadsheet would read it and balances; the reconciliation shows no
// difference, and shows the one introduced on purpose.
import { bookings, ledgerEntries, ownerAccounts, promotions, properties } from '@sas/db';
import {
  addDays,
  ownerStatementSchema,
  quoteResponseSchema,
  reconciliationResponseSchema,
  startOfDayIn,
  taxReportResponseSchema,
  todayIn,
  toCents,
  type AdminTaxLine,
  type IsoDate,
  type OwnerStatement,
} from '@sas/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDeps } from '../../../lib/booking-deps.js';
import { cancelBooking } from '../../../services/booking/cancel.js';
import type { BookingDeps } from '../../../services/money-deps.js';
import { captureDeposit } from '../../../services/schedule/capture.js';
import { runPaymentScheduler } from '../../../services/schedule/scheduler.js';
import {
  bookStay,
  confirmationPayload,
  createBookableHome,
  createIntent,
  intentRequest,
  payWithCard,
  postConfirm,
} from '../../../test/booking.js';
import { createAccount, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { multipartBody } from '../../../test/multipart.js';

type BookingRow = typeof bookings.$inferSelect;
const hourMs = 3_600_000;
const timeZone = 'America/Denver';

let t: TestApp;
let deps: BookingDeps;
let staff: TestAccount;
let admin: TestAccount;
let olive: TestAccount;
let otto: TestAccount;
let home: { id: string; slug: string };
let depositHome: { id: string; slug: string };
/** The month: every stay checks in and out in it. */
let month: string;
const stays: Record<'ordinary' | 'installments' | 'cancelled' | 'promo' | 'second' | 'deposit', BookingRow> =
  {} as never;
let refundCents = 0;
const captureCents = 20_000;
const expenseCents = 12_540;

const taxLines: AdminTaxLine[] = [
  {
    name: 'State sales tax',
    jurisdiction: 'State',
    rate: 2.9,
    cleaningTaxable: false,
    addOnsTaxable: false,
    exemptFromNights: 30,
  },
  {
    name: 'County lodging tax',
    jurisdiction: 'County',
    rate: 1.85,
    cleaningTaxable: true,
    addOnsTaxable: false,
    exemptFromNights: null,
  },
  {
    name: 'Town accommodation tax',
    jurisdiction: 'Town',
    rate: 3.4,
    cleaningTaxable: true,
    addOnsTaxable: false,
    exemptFromNights: null,
  },
];

async function priceOf(at: { slug: string }, stay: { checkIn: IsoDate; checkOut: IsoDate }, promoCode?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${at.slug}/quote`,
    payload: {
      checkin_date: stay.checkIn,
      checkout_date: stay.checkOut,
      guests: { adults: 2, children: 1 },
      promoCode,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return toCents(quoteResponseSchema.parse(response.json()).total);
}

async function rowOf(id: string): Promise<BookingRow> {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error('no booking');
  return row;
}

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  deps = bookingDeps(t.app);
  home = await createBookableHome(t.db);
  depositHome = await createBookableHome(t.db);
  await t.db.update(properties).set({ depositCents: 60_000 }).where(eq(properties.id, depositHome.id));
  staff = await createAccount(t.app, t.db, 'staff');
  admin = await createAccount(t.app, t.db, 'admin');
  olive = await createAccount(t.app, t.db, 'owner', { homes: [home.id], firstName: 'Olive', lastName: 'Owner' });
  otto = await createAccount(t.app, t.db, 'owner', { homes: [depositHome.id], firstName: 'Otto', lastName: 'Other' });
  await t.db.insert(ownerAccounts).values({ userId: olive.id, commissionBps: 1800 });
  await t.db.insert(promotions).values({ code: 'MONTH15', kind: 'percent', value: 1500 });
  const put = await injectAs(t.app, admin, {
    method: 'PUT',
    url: `/api/admin/properties/${home.id}/taxes`,
    payload: taxLines,
  });
  expect(put.statusCode, put.body).toBe(200);

  // The month after the one 100 days from now; its first Monday, and weekday stays in its first three weeks.
  const ahead = addDays(todayIn(timeZone), 100);
  const [year, mon] = ahead.split('-').map(Number) as [number, number];
  month = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  let monday = `${month}-01`;
  while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
  const stay = (from: number, nights: number) => ({
    checkIn: addDays(monday, from),
    checkOut: addDays(monday, from + nights),
  });

  const ordinary = stay(0, 2);
  stays.ordinary = await bookStay(
    t.app,
    t.db,
    intentRequest(home, ordinary, { amount: await priceOf(home, ordinary) }),
  );

  // In installments: the first today, the others when the scheduler reaches their dates.
  const split = stay(2, 2);
  const intent = await createIntent(
    t.app,
    intentRequest(home, split, { paymentPlan: 'installments', amount: await priceOf(home, split) }),
  );
  expect((await payWithCard(t.app, intent)).status).toBe(200);
  expect((await postConfirm(t.app, confirmationPayload(intent, { ...split, propertyId: home.id }))).status).toBe(200);
  const [installments] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
  stays.installments = installments!;
  for (const charge of intent.schedule.slice(1)) {
    await runPaymentScheduler(deps, new Date(startOfDayIn(timeZone, charge.dueDate).getTime() + 12 * hourMs));
  }

  const cancelled = stay(7, 2);
  stays.cancelled = await bookStay(
    t.app,
    t.db,
    intentRequest(home, cancelled, { amount: await priceOf(home, cancelled) }),
  );
  refundCents = Math.round(stays.cancelled.totalCents / 2);
  const outcome = await cancelBooking(
    deps,
    {
      code: stays.cancelled.code,
      actor: { kind: 'staff', userId: null, label: 'Bookkeeper test' },
      refund: { choice: 'amount', cents: refundCents },
    },
    new Date(),
  );
  expect(outcome.status).toBe('cancelled');

  const promo = stay(9, 2);
  stays.promo = await bookStay(
    t.app,
    t.db,
    intentRequest(home, promo, { amount: await priceOf(home, promo, 'MONTH15'), promoCode: 'MONTH15' }),
  );
  expect(stays.promo.discountCents).toBe(6_000);

  const second = stay(14, 3);
  stays.second = await bookStay(t.app, t.db, intentRequest(home, second, { amount: await priceOf(home, second) }));

  // A deposit: the card check at booking, the hold a week ahead, a capture for damage.
  const withDeposit = stay(0, 3);
  stays.deposit = await bookStay(
    t.app,
    t.db,
    intentRequest(depositHome, withDeposit, { amount: await priceOf(depositHome, withDeposit) }),
  );
  const holdFrom = startOfDayIn(timeZone, addDays(withDeposit.checkIn, -7));
  await runPaymentScheduler(deps, new Date());
  await runPaymentScheduler(deps, new Date(holdFrom.getTime() + hourMs));
  const capture = await captureDeposit(
    deps,
    stays.deposit,
    { amountCents: captureCents, reason: 'damage', note: 'Broken lamp', userId: null },
    new Date(holdFrom.getTime() + 2 * hourMs),
  );
  expect(capture.status).toBe('ok');

  // An expense for Olive's home, with its receipt, dated in the month.
  const receipt = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const { payload, headers } = multipartBody(
    [{ filename: 'plumber.pdf', data: receipt, contentType: 'application/pdf' }],
    'receipt',
    { date: `${month}-20`, amount: '125.40', memo: 'Plumber: kitchen sink', idempotencyKey: 'bookkeeper-month-1' },
  );
  const expense = await injectAs(t.app, staff, {
    method: 'POST',
    url: `/api/admin/properties/${home.id}/expenses`,
    payload,
    headers,
  });
  expect(expense.statusCode, expense.body).toBe(201);
  for (const key of Object.keys(stays) as (keyof typeof stays)[]) stays[key] = await rowOf(stays[key].id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const all = () => Object.values(stays);
const kept = (booking: BookingRow) => booking.totalCents - (booking.id === stays.cancelled.id ? refundCents : 0);

async function ledgerOf(bookingId: string) {
  return t.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.movement), asc(ledgerEntries.line));
}

const netOf = (rows: readonly { account: string; debitCents: number; creditCents: number }[], account: string) =>
  rows.filter((row) => row.account === account).reduce((sum, row) => sum + row.creditCents - row.debitCents, 0);

describe("the bookkeeper's month", () => {
  it('has every stay in the month, each kind of money in it', () => {
    for (const booking of all()) {
      expect(booking.checkIn.slice(0, 7)).toBe(month);
      expect(booking.checkOut.slice(0, 7)).toBe(month);
    }
    expect(stays.cancelled.status).toBe('cancelled');
    expect(stays.installments.paymentPlan).toBe('installments');
  });

  it("balances every booking's ledger, each movement on its own, and holds what was kept", async () => {
    for (const booking of all()) {
      const rows = await ledgerOf(booking.id);
      expect(rows.reduce((sum, row) => sum + row.debitCents - row.creditCents, 0)).toBe(0);
      const movements = new Map<string, number>();
      for (const row of rows) {
        movements.set(row.movement, (movements.get(row.movement) ?? 0) + row.debitCents - row.creditCents);
      }
      expect([...movements.values()].every((cents) => cents === 0)).toBe(true);
      // Processor clearing: the stay's money kept, and a deposit's capture (its card check came back).
      const clearing = -netOf(rows, 'processor_clearing');
      expect(clearing).toBe(kept(booking) + (booking.id === stays.deposit.id ? captureCents : 0));
      if (booking.id === stays.deposit.id) expect(netOf(rows, 'deposits_held')).toBe(captureCents);
    }
    const everything = await t.db.select().from(ledgerEntries);
    expect(everything.reduce((sum, row) => sum + row.debitCents - row.creditCents, 0)).toBe(0);
  });

  it("files each jurisdiction's return equal to the taxes of what was kept after refunds, to the cent", async () => {
    const response = await injectAs(t.app, staff, { url: `/api/admin/reports/taxes?month=${month}` });
    expect(response.statusCode).toBe(200);
    const filed = taxReportResponseSchema.parse(response.json());
    // What was kept per tax, from the bookings as sold: all of it for the stays kept whole ...
    const expected = new Map<string, { tax: number; taxable: number; exempt: number }>();
    for (const booking of all()) {
      for (const line of booking.taxLines) {
        const key = `${line.jurisdiction}|${line.name}`;
        const entry = expected.get(key) ?? { tax: 0, taxable: 0, exempt: 0 };
        entry.taxable += line.taxableCents;
        entry.exempt += line.exemptCents;
        // ... and of the cancelled one, tax in proportion to what was kept (the ledger's cents are checked beside).
        if (booking.id !== stays.cancelled.id) entry.tax += line.amountCents;
        expected.set(key, entry);
      }
    }
    const cancelledRows = await ledgerOf(stays.cancelled.id);
    let cancelledTaxKept = 0;
    for (const line of stays.cancelled.taxLines) {
      const keptTax = cancelledRows
        .filter((row) => row.account === 'taxes_payable' && row.party === line.jurisdiction && row.detail === line.name)
        .reduce((sum, row) => sum + row.creditCents - row.debitCents, 0);
      const proportional = (line.amountCents * kept(stays.cancelled)) / stays.cancelled.totalCents;
      expect(Math.abs(keptTax - proportional)).toBeLessThanOrEqual(1);
      expected.get(`${line.jurisdiction}|${line.name}`)!.tax += keptTax;
      cancelledTaxKept += keptTax;
    }
    const totalTaxes = stays.cancelled.taxesCents;
    expect(
      Math.abs(cancelledTaxKept - (totalTaxes * kept(stays.cancelled)) / stays.cancelled.totalCents),
    ).toBeLessThanOrEqual(1);

    expect(filed.map((row) => `${row.jurisdiction}|${row.name}`).sort()).toEqual([...expected.keys()].sort());
    for (const row of filed) {
      const want = expected.get(`${row.jurisdiction}|${row.name}`)!;
      expect(toCents(row.netDue), `${row.jurisdiction} ${row.name}`).toBe(want.tax);
      expect(toCents(row.taxCollected) + toCents(row.adjustments)).toBe(toCents(row.netDue));
      expect(toCents(row.taxableRent)).toBe(want.taxable);
      expect(toCents(row.exemptRent)).toBe(want.exempt);
      expect(toCents(row.grossRent)).toBe(want.taxable + want.exempt);
    }
    // Summit-style lines: three jurisdictions at Olive's home, the combined rate at Otto's.
    expect(new Set(filed.map((row) => row.jurisdiction)).size).toBe(4);
    // Every cent of tax the ledger holds for the month's stays is on the return.
    let held = 0;
    for (const booking of all()) held += netOf(await ledgerOf(booking.id), 'taxes_payable');
    expect(filed.reduce((sum, row) => sum + toCents(row.netDue), 0)).toBe(held);
  });

  async function statementOf(owner: TestAccount): Promise<OwnerStatement> {
    const response = await injectAs(t.app, owner, { url: `/api/admin/owners/${owner.id}/statements/${month}` });
    expect(response.statusCode, response.body).toBe(200);
    return ownerStatementSchema.parse(response.json());
  }

  it("nets each owner's statement: gross less discounts, commission, cleaning and expenses", async () => {
    const mine = [stays.ordinary, stays.installments, stays.cancelled, stays.promo, stays.second];
    for (const [owner, theirs, bps, expenses] of [
      [olive, mine, 1800, expenseCents],
      [otto, [stays.deposit], 2000, 0],
    ] as const) {
      const statement = await statementOf(owner);
      expect(statement.lines.map((line) => line.booking).sort()).toEqual(theirs.map((b) => b.code).sort());
      const c = (dollars: number) => toCents(dollars);
      expect(c(statement.expenses)).toBe(expenses);
      expect(c(statement.netPayout)).toBe(
        c(statement.grossRent) - c(statement.discounts) - c(statement.commission) - c(statement.cleaning) - expenses,
      );
      let payable = 0;
      for (const booking of theirs) payable += netOf(await ledgerOf(booking.id), 'owner_payable');
      expect(c(statement.netPayout)).toBe(payable - expenses);
      // A stay kept whole, from its booking: rent after discounts less the owner's rate.
      for (const booking of theirs.filter((b) => b.id !== stays.cancelled.id)) {
        const line = statement.lines.find((l) => l.booking === booking.code)!;
        const rent = booking.baseCents - booking.discountCents;
        const commission = Math.round((rent * bps) / 10_000);
        expect(c(line.commission)).toBe(commission);
        expect(c(line.netPayout)).toBe(rent - commission);
        expect(c(line.discounts)).toBe(booking.discountCents);
        expect(c(line.cleaning)).toBe(booking.feesCents);
        expect(c(line.grossRent)).toBe(booking.baseCents + booking.feesCents);
      }
    }
    const hers = await statementOf(olive);
    expect(hers.expenseLines).toEqual([expect.objectContaining({ amount: 125.4, memo: 'Plumber: kitchen sink' })]);
    // The cancelled stay is on it, with what the owner kept of it.
    const cancelledLine = hers.lines.find((l) => l.booking === stays.cancelled.code)!;
    expect(toCents(cancelledLine.netPayout)).toBeGreaterThan(0);
    expect(toCents(cancelledLine.netPayout)).toBeLessThan(stays.cancelled.baseCents);
  });

  it('opens each statement as a PDF (and a CSV with the same totals)', async () => {
    for (const owner of [olive, otto]) {
      const statement = await statementOf(owner);
      const pdf = await injectAs(t.app, owner, { url: `/api/admin/owners/${owner.id}/statements/${month}.pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const bytes = pdf.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const tail = bytes.subarray(-1024).toString('latin1');
      expect(tail).toMatch(/startxref\s+\d+\s+%%EOF\s*$/);
      // The cross-reference table the trailer points at is where it says.
      const offset = Number(/startxref\s+(\d+)/.exec(tail)![1]);
      expect(bytes.subarray(offset, offset + 4).toString('latin1')).toBe('xref');
      expect(bytes.toString('latin1')).toMatch(/\/Type \/Page\b/);
      const csv = await injectAs(t.app, owner, { url: `/api/admin/owners/${owner.id}/statements/${month}.csv` });
      expect(csv.statusCode).toBe(200);
      const rows = parseCsv(csv.body);
      const total = rows.find((row) => row[0] === 'Total');
      expect(total?.[4]).toBe(statement.grossRent.toFixed(2));
      expect(total?.[8]).toBe(statement.netPayout.toFixed(2));
      // Its stays and expenses add up, in the spreadsheet, to the total.
      const parts = rows.filter((row) => /^SAS-/.test(row[0] ?? '') || row[0] === 'Expense');
      expect(parts.reduce((sum, row) => sum + toCents(Number(row[8])), 0)).toBe(toCents(statement.netPayout));
    }
  });

  it('exports a journal CSV that a spreadsheet reads, and that balances to the cent', async () => {
    const from = todayIn('UTC');
    const to = `${month}-28`;
    const response = await injectAs(t.app, staff, { url: `/api/admin/ledger/export.csv?from=${from}&to=${to}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['Date', 'Account', 'Debit', 'Credit', 'Memo', 'Reference']);
    const everything = await t.db.select().from(ledgerEntries);
    expect(rows).toHaveLength(everything.length);
    let debits = 0;
    let credits = 0;
    for (const row of rows) {
      expect(row).toHaveLength(6);
      const [date, account, debit, credit, memo, reference] = row as [string, string, string, string, string, string];
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(account.length).toBeGreaterThan(0);
      // Exactly one of debit and credit, as a plain number with two decimals.
      expect([debit, credit].filter((cell) => cell !== '')).toHaveLength(1);
      for (const cell of [debit, credit]) if (cell !== '') expect(cell).toMatch(/^\d+\.\d{2}$/);
      debits += toCents(Number(debit || 0));
      credits += toCents(Number(credit || 0));
      expect(memo.length).toBeGreaterThan(0);
      expect(reference.length).toBeGreaterThan(0);
    }
    expect(debits).toBe(credits);
    expect(debits).toBe(everything.reduce((sum, row) => sum + row.debitCents, 0));
    // Accounts an accountant maps: one per jurisdiction's tax and per owner.
    const accounts = new Set(rows.map((row) => row[1]));
    expect(accounts).toContain('Owner payable: Olive Owner');
    expect(accounts).toContain('Owner payable: Otto Other');
    expect(accounts).toContain('Taxes payable: Town Town accommodation tax');
    expect(accounts).toContain('Deposits held');
    expect(accounts).toContain('Company bank account');
  });

  it('reconciles with no difference, and shows one introduced on purpose, to the cent', async () => {
    const url = '/api/admin/reports/reconciliation?from=2000-01-01&to=2100-12-31';
    const clean = reconciliationResponseSchema.parse((await injectAs(t.app, admin, { url })).json());
    expect(clean.differences).toEqual([]);
    expect(clean.days.every((day) => day.difference === 0)).toBe(true);
    const charged = clean.days.reduce((sum, day) => sum + toCents(day.processorCharges), 0);
    const refunded = clean.days.reduce((sum, day) => sum + toCents(day.processorRefunds), 0);
    let clearing = 0;
    for (const booking of all()) clearing -= netOf(await ledgerOf(booking.id), 'processor_clearing');
    expect(charged - refunded).toBe(clearing);

    // The ledger records one installment a cent short (balanced, so only the processor can tell).
    const [installment] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, stays.installments.id), eq(ledgerEntries.kind, 'installment')))
      .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.line))
      .limit(1);
    expect(installment?.account).toBe('processor_clearing');
    const movement = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.movement, installment!.movement));
    const received = movement.find((row) => row.account === 'guest_payments' && row.creditCents > 0)!;
    await t.db
      .update(ledgerEntries)
      .set({ debitCents: installment!.debitCents - 1 })
      .where(eq(ledgerEntries.id, installment!.id));
    await t.db
      .update(ledgerEntries)
      .set({ creditCents: received.creditCents - 1 })
      .where(eq(ledgerEntries.id, received.id));
    const broken = reconciliationResponseSchema.parse((await injectAs(t.app, staff, { url })).json());
    expect(broken.differences).toEqual([
      {
        date: installment!.at.toISOString().slice(0, 10),
        reference: installment!.reference,
        kind: 'charge',
        processor: installment!.debitCents / 100,
        ledger: (installment!.debitCents - 1) / 100,
      },
    ]);
    expect(broken.days.filter((day) => day.difference !== 0)).toEqual([
      expect.objectContaining({ date: installment!.at.toISOString().slice(0, 10), difference: 0.01 }),
    ]);
  });
});

/** Reads CSV as a spreadsheet does (RFC 4180): quoted cells may hold commas, quotes doubled and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
