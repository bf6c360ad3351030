// The tax return and owner statements (issue 29), from a month's ledger: a
// stay, one cancelled at 50% and one with a promo code at a home with two
// jurisdictions' lines. Who may read what, and that the numbers hold.
import { ledgerEntries, ownerAccounts, promotions, type bookings } from '@sas/db';
import {
  centsToDollars,
  ownerStatementSchema,
  quoteResponseSchema,
  reconciliationResponseSchema,
  taxReportResponseSchema,
  toCents,
  type AdminTaxLine,
  nightsByMonth,
} from '@sas/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDeps } from '../../../lib/booking-deps.js';
import { cancelBooking } from '../../../services/booking/cancel.js';
import { bookStay, createBookableHome, intentRequest, nextStay } from '../../../test/booking.js';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let cleaner: TestAccount;
let home: { id: string; slug: string };
const booked: (typeof bookings.$inferSelect)[] = [];

const lines: AdminTaxLine[] = [
  {
    name: 'State sales tax',
    jurisdiction: 'State',
    rate: 2.9,
    cleaningTaxable: false,
    addOnsTaxable: false,
    exemptFromNights: 30,
  },
  {
    name: 'Lodging tax',
    jurisdiction: 'Town',
    rate: 7.1,
    cleaningTaxable: true,
    addOnsTaxable: false,
    exemptFromNights: null,
  },
];

async function priceOf(stay: { checkIn: string; checkOut: string }, promoCode?: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${home.slug}/quote`,
    payload: {
      checkin_date: stay.checkIn,
      checkout_date: stay.checkOut,
      guests: { adults: 2, children: 1 },
      promoCode,
    },
  });
  return toCents(quoteResponseSchema.parse(response.json()).total);
}

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  const otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
  cleaner = await createAccount(t.app, t.db, 'cleaner');
  await t.db.insert(ownerAccounts).values({ userId: accounts.owner.id, commissionBps: 1800 });
  await t.db.insert(promotions).values({ code: 'REPORT15', kind: 'percent', value: 1500 });
  expect(
    (
      await injectAs(t.app, accounts.admin, {
        method: 'PUT',
        url: `/api/admin/properties/${home.id}/taxes`,
        payload: lines,
      })
    ).statusCode,
  ).toBe(200);

  const ordinary = nextStay(4);
  booked.push(await bookStay(t.app, t.db, intentRequest(home, ordinary, { amount: await priceOf(ordinary) })));
  const promo = nextStay(3);
  booked.push(
    await bookStay(
      t.app,
      t.db,
      intentRequest(home, promo, { amount: await priceOf(promo, 'REPORT15'), promoCode: 'REPORT15' }),
    ),
  );
  const cancelled = nextStay(3);
  const toCancel = await bookStay(t.app, t.db, intentRequest(home, cancelled, { amount: await priceOf(cancelled) }));
  booked.push(toCancel);
  const outcome = await cancelBooking(
    bookingDeps(t.app),
    {
      code: toCancel.code,
      actor: { kind: 'staff', userId: null, label: 'Test' },
      refund: { choice: 'amount', cents: Math.round(toCancel.totalCents / 2) },
    },
    new Date(),
  );
  expect(outcome.status).toBe('cancelled');
});

afterAll(async () => {
  await t?.close();
});

const months = () => [...new Set(booked.flatMap((b) => [...nightsByMonth(b.checkIn, b.checkOut).keys()]))];

describe('GET /api/admin/reports/taxes', () => {
  it('refuses anonymous callers (401), guests, cleaners and owners (403), and a bad month (400)', async () => {
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [cleaner, 403],
      [accounts.owner, 403],
    ] as const) {
      expect((await injectAs(t.app, account, { url: '/api/admin/reports/taxes?month=2026-01' })).statusCode).toBe(
        status,
      );
    }
    for (const bad of ['month=2026-13', 'month=2026', '', 'month=2026-01&basis=cash']) {
      expect((await injectAs(t.app, accounts.staff, { url: `/api/admin/reports/taxes?${bad}` })).statusCode).toBe(400);
    }
  });

  it('files, month by month, the tax of what was kept after refunds, to the cent, per jurisdiction', async () => {
    const filed = new Map<string, number>();
    for (const month of months()) {
      const response = await injectAs(t.app, accounts.admin, { url: `/api/admin/reports/taxes?month=${month}` });
      expect(response.statusCode).toBe(200);
      for (const row of taxReportResponseSchema.parse(response.json())) {
        expect(toCents(row.netDue)).toBe(toCents(row.taxCollected) + toCents(row.adjustments));
        expect(toCents(row.grossRent)).toBe(toCents(row.exemptRent) + toCents(row.taxableRent));
        filed.set(row.jurisdiction, (filed.get(row.jurisdiction) ?? 0) + toCents(row.netDue));
      }
    }
    const ledger = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.bookingId,
          booked.map((b) => b.id),
        ),
      );
    for (const jurisdiction of ['State', 'Town']) {
      const kept = ledger
        .filter((row) => row.account === 'taxes_payable' && row.party === jurisdiction)
        .reduce((sum, row) => sum + row.creditCents - row.debitCents, 0);
      expect(filed.get(jurisdiction)).toBe(kept);
    }
    // Kept: all the tax of two stays and about half of the cancelled one's.
    const [a, b, c] = booked;
    const total = (filed.get('State') ?? 0) + (filed.get('Town') ?? 0);
    expect(Math.abs(total - (a!.taxesCents + b!.taxesCents + c!.taxesCents / 2))).toBeLessThanOrEqual(1);
  });

  it('by payment date, counts the tax in the month its lines were written', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const response = await injectAs(t.app, accounts.staff, {
      url: `/api/admin/reports/taxes?month=${month}&basis=payment`,
    });
    expect(response.statusCode).toBe(200);
    const rows = taxReportResponseSchema.parse(response.json());
    const net = rows.reduce((sum, row) => sum + toCents(row.netDue), 0);
    const [a, b, c] = booked;
    expect(Math.abs(net - (a!.taxesCents + b!.taxesCents + c!.taxesCents / 2))).toBeLessThanOrEqual(1);
  });
});

describe('GET /api/admin/owners/{id}/statements/{YYYY-MM}', () => {
  const url = (id: string, file: string) => `/api/admin/owners/${id}/statements/${file}`;

  it('lets an owner read only their own; staff and admins any; others not at all', async () => {
    const month = booked[0]!.checkIn.slice(0, 7);
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [cleaner, 403],
      [accounts.otherOwner, 403],
      [accounts.owner, 200],
      [accounts.staff, 200],
      [accounts.admin, 200],
    ] as const) {
      for (const file of [month, `${month}.csv`, `${month}.pdf`]) {
        expect((await injectAs(t.app, account, { url: url(accounts.owner.id, file) })).statusCode).toBe(status);
      }
    }
    expect((await injectAs(t.app, accounts.owner, { url: url(accounts.otherOwner.id, month) })).statusCode).toBe(403);
    expect((await injectAs(t.app, accounts.staff, { url: url(accounts.staff.id, month) })).statusCode).toBe(404);
    expect((await injectAs(t.app, accounts.staff, { url: url(accounts.owner.id, '2026-13') })).statusCode).toBe(400);
    expect((await injectAs(t.app, accounts.staff, { url: url(accounts.owner.id, `${month}.xls`) })).statusCode).toBe(
      400,
    );
  });

  it('nets gross less discounts, commission and cleaning to the owner payable, and opens as PDF and CSV', async () => {
    const ledger = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.bookingId,
          booked.map((b) => b.id),
        ),
      );
    let owed = 0;
    let ytdSeen = 0;
    for (const month of [...new Set(booked.map((b) => b.checkIn.slice(0, 7)))].sort()) {
      const response = await injectAs(t.app, accounts.staff, { url: url(accounts.owner.id, month) });
      const statement = ownerStatementSchema.parse(response.json());
      expect(statement.commissionRate).toBe(18);
      const cents = (d: number) => toCents(d);
      expect(cents(statement.netPayout)).toBe(
        cents(statement.grossRent) -
          cents(statement.discounts) -
          cents(statement.commission) -
          cents(statement.cleaning) -
          cents(statement.expenses),
      );
      for (const line of statement.lines) {
        const booking = booked.find((b) => b.code === line.booking)!;
        const payable = ledger
          .filter((row) => row.bookingId === booking.id && row.account === 'owner_payable')
          .reduce((sum, row) => sum + row.creditCents - row.debitCents, 0);
        expect(cents(line.netPayout)).toBe(payable);
        owed += payable;
      }
      if (month.slice(0, 4) === booked[0]!.checkIn.slice(0, 4)) ytdSeen = cents(statement.yearToDate.netPayout);
      const pdf = await injectAs(t.app, accounts.owner, { url: url(accounts.owner.id, `${month}.pdf`) });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const csv = await injectAs(t.app, accounts.owner, { url: url(accounts.owner.id, `${month}.csv`) });
      expect(csv.body.split('\n')[0]).toBe(
        'Booking,Home,Check-in,Check-out,Gross rent,Discounts,Commission,Cleaning,Net payout',
      );
      expect(csv.body).toContain(`Total,,,,${statement.grossRent.toFixed(2)}`);
    }
    expect(owed).toBeGreaterThan(0);
    expect(ytdSeen).toBeGreaterThan(0);
    // The promo stay: its discount is on the statement.
    const promoMonth = booked[1]!.checkIn.slice(0, 7);
    const statement = ownerStatementSchema.parse(
      (await injectAs(t.app, accounts.admin, { url: url(accounts.owner.id, promoMonth) })).json(),
    );
    expect(statement.lines.find((l) => l.booking === booked[1]!.code)?.discounts).toBe(
      centsToDollars(booked[1]!.discountCents),
    );
  });
});

describe('GET /api/admin/reports/reconciliation', () => {
  const url = '/api/admin/reports/reconciliation?from=2000-01-01&to=2100-12-31';

  it('refuses anonymous callers (401), guests, cleaners and owners (403), and bad dates (400)', async () => {
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [cleaner, 403],
      [accounts.owner, 403],
    ] as const) {
      expect((await injectAs(t.app, account, { url })).statusCode).toBe(status);
    }
    for (const bad of ['from=2026-01-01', 'from=2026-02-30&to=2026-03-01', 'from=x&to=y']) {
      expect(
        (await injectAs(t.app, accounts.staff, { url: `/api/admin/reports/reconciliation?${bad}` })).statusCode,
      ).toBe(400);
    }
  });

  it('shows no difference after the month, and shows one introduced on purpose', async () => {
    const clean = reconciliationResponseSchema.parse((await injectAs(t.app, accounts.admin, { url })).json());
    expect(clean.differences).toEqual([]);
    expect(clean.days.length).toBeGreaterThan(0);
    expect(clean.days.every((day) => day.difference === 0)).toBe(true);
    const charged = clean.days.reduce((sum, day) => sum + toCents(day.ledgerCharges), 0);
    expect(charged).toBe(booked.reduce((sum, b) => sum + b.totalCents, 0));

    // A charge the ledger lost: the day and the reference show it.
    const lost = booked[0]!;
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.movement, `charge:${lost.paymentIntentId}`));
    const broken = reconciliationResponseSchema.parse((await injectAs(t.app, accounts.staff, { url })).json());
    expect(broken.differences).toEqual([
      expect.objectContaining({
        reference: lost.paymentIntentId,
        kind: 'charge',
        processor: centsToDollars(lost.totalCents),
        ledger: 0,
      }),
    ]);
    expect(broken.days.some((day) => toCents(day.difference) === lost.totalCents)).toBe(true);
  });
});
