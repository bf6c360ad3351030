// GET/PUT /api/admin/properties/{id}/taxes (issue 29): who may, what a
// home's lines do to its quotes, payments and bookings, and bad input.
import { auditLog, bookings, propertyTaxLines } from '@sas/db';
import { adminTaxLinesSchema, quoteResponseSchema, type AdminTaxLine } from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookStay, createBookableHome, intentRequest, nextStay, postIntent } from '../../../test/booking.js';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let cleaner: TestAccount;
/** createBookableHome: $200 weeknights, $150 cleaning, one combined 10% tax. */
let home: { id: string; slug: string };
let otherHome: { id: string; slug: string };

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
  cleaner = await createAccount(t.app, t.db, 'cleaner');
});

afterAll(async () => {
  await t?.close();
});

const url = (ref: string) => `/api/admin/properties/${ref}/taxes`;
const getTaxes = (account: TestAccount | null, ref = home.slug) => injectAs(t.app, account, { url: url(ref) });
const putTaxes = (account: TestAccount | null, payload: unknown, ref = home.slug) =>
  injectAs(t.app, account, { method: 'PUT', url: url(ref), payload: payload as object });

const lines: AdminTaxLine[] = [
  {
    name: 'State sales tax',
    jurisdiction: 'Colorado',
    rate: 2.9,
    cleaningTaxable: false,
    addOnsTaxable: false,
    exemptFromNights: 30,
  },
  {
    name: 'Accommodation tax',
    jurisdiction: 'Town of Breckenridge',
    rate: 3.4,
    cleaningTaxable: true,
    addOnsTaxable: true,
    exemptFromNights: null,
  },
];

describe('who may read and change tax lines', () => {
  it('refuses anonymous callers (401), guests, cleaners and owners, even of the home (403)', async () => {
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [cleaner, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ] as const) {
      expect((await getTaxes(account)).statusCode).toBe(status);
      expect((await putTaxes(account, lines)).statusCode).toBe(status);
    }
    expect(await t.db.select().from(propertyTaxLines).where(eq(propertyTaxLines.propertyId, home.id))).toEqual([]);
  });

  it('answers staff and admins the combined rate as one line while the home has none of its own', async () => {
    for (const account of [accounts.staff, accounts.admin]) {
      const response = await getTaxes(account, home.id);
      expect(response.statusCode).toBe(200);
      expect(adminTaxLinesSchema.parse(response.json())).toEqual([
        expect.objectContaining({ rate: 10, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: null }),
      ]);
    }
    expect((await getTaxes(accounts.staff, 'no-such-home')).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/properties/{id}/taxes', () => {
  it('refuses bad lines with a 400 that says why, and changes nothing', async () => {
    for (const bad of [
      [{ ...lines[0], rate: 2.905 }],
      [{ ...lines[0], rate: -1 }],
      [lines[0], lines[0]],
      [{ ...lines[0], jurisdiction: '' }],
      [{ ...lines[0], exemptFromNights: 0 }],
      { name: 'not a list' },
    ]) {
      const response = await putTaxes(accounts.staff, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await t.db.select().from(propertyTaxLines).where(eq(propertyTaxLines.propertyId, home.id))).toEqual([]);
  });

  it('stores the lines, itemises new quotes, payments and bookings with them, and audits', async () => {
    const response = await putTaxes(accounts.staff, lines);
    expect(response.statusCode).toBe(200);
    expect(adminTaxLinesSchema.parse(response.json())).toEqual(lines);
    expect(adminTaxLinesSchema.parse((await getTaxes(accounts.admin)).json())).toEqual(lines);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home.id), eq(auditLog.action, 'taxes.replace')));
    expect(entry?.actorId).toBe(accounts.staff.id);

    // Monday to Thursday: $600 of nights, $150 cleaning.
    const stay = nextStay(3);
    const quoted = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${home.slug}/quote`,
      payload: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
    });
    expect(quoted.statusCode).toBe(200);
    const quote = quoteResponseSchema.parse(quoted.json());
    // 2.9% of the nights and 3.4% of nights and cleaning.
    expect(quote.taxLines).toEqual([
      { name: 'State sales tax', jurisdiction: 'Colorado', rate: 2.9, amount: 17.4 },
      { name: 'Accommodation tax', jurisdiction: 'Town of Breckenridge', rate: 3.4, amount: 25.5 },
    ]);
    expect(quote.taxes).toBe(42.9);
    expect(quote.total).toBe(600 + 150 + 42.9);
    expect(quote.financials.tax_rate).toBe(6.3);

    // The accommodation tax taxes add-ons: a $50 grocery delivery adds $1.70 the browser's amount lacked.
    const withAddOn = await postIntent(
      t.app,
      intentRequest(home, stay, { addOns: [{ id: 4 }], amount: 79_290 + 5_000 }),
    );
    expect(withAddOn.status).toBe(409);
    expect(withAddOn.body.amount).toBe(79_290 + 5_000 + 170);

    // The booking keeps its lines, and its price lines show them.
    const booking = await bookStay(t.app, t.db, intentRequest(home, stay, { amount: 79_290 }));
    expect(booking.taxesCents).toBe(4_290);
    expect(booking.taxLines.map((line) => [line.jurisdiction, line.amountCents])).toEqual([
      ['Colorado', 1_740],
      ['Town of Breckenridge', 2_550],
    ]);
    const [stored] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stored?.totalCents).toBe(79_290);
  });

  it('exempts stays from the lines that exempt long stays', async () => {
    const quoted = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${home.slug}/quote`,
      payload: { checkin_date: nextStay().checkIn, checkout_date: nextStay(30).checkOut, guests: { adults: 2 } },
    });
    // Two stays apart: more than 30 nights, under the 60 sold online.
    expect(quoted.statusCode).toBe(200);
    const quote = quoteResponseSchema.parse(quoted.json());
    expect(quote.nights).toBeGreaterThanOrEqual(30);
    expect(quote.taxLines[0]?.amount).toBe(0);
    expect(quote.taxLines[1]?.amount).toBeGreaterThan(0);
  });

  it('puts the home back on its combined rate with an empty list', async () => {
    expect((await putTaxes(accounts.admin, [])).statusCode).toBe(200);
    const answered = adminTaxLinesSchema.parse((await getTaxes(accounts.staff)).json());
    expect(answered).toHaveLength(1);
    expect(answered[0]?.rate).toBe(10);
  });
});
