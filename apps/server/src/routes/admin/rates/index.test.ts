import { auditLog, bookings, propertyRates, seasonalRates, taxJurisdictions } from '@sas/db';
import { adminRatesSchema, quoteResponseSchema, todayIn, type AdminRates } from '@sas/domain';
import { and, desc, eq } from 'drizzle-orm';
import { watchClientConcurrency } from '@sas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
/** A home with createBookableHome's rates: $200/$250, $150 cleaning, 10% tax, 2-night minimum. */
let home: { id: string; slug: string };
let otherHome: { id: string; slug: string };

const year = Number(todayIn('America/Denver').slice(0, 4)) + 1;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
});

afterAll(async () => {
  await t?.close();
});

const url = (ref: string) => `/api/admin/properties/${ref}/rates`;
const getRates = (account: TestAccount | null, ref = home.slug) => injectAs(t.app, account, { url: url(ref) });
const putRates = (account: TestAccount | null, payload: object, ref = home.slug) =>
  injectAs(t.app, account, { method: 'PUT', url: url(ref), payload });
const preview = (account: TestAccount | null, payload: object, ref = home.slug) =>
  injectAs(t.app, account, { method: 'POST', url: `${url(ref)}/preview`, payload });

const newRates: AdminRates = {
  baseNightly: 310.5,
  weekendNightly: 355,
  cleaningFee: 99.99,
  minStay: 3,
  taxRate: 12.27,
  taxName: 'Breckenridge lodging tax',
  seasons: [
    {
      name: 'Ski season',
      from: `${year}-12-01`,
      to: `${year + 1}-01-01`,
      nightly: 500,
      weekendNightly: 600,
      minStay: 4,
    },
    { name: 'Summer', from: `${year}-06-15`, to: `${year}-09-01`, nightly: 400, weekendNightly: 450, minStay: 2 },
  ],
};

describe('who may read and change rates', () => {
  it('refuses anonymous callers (401), guests and owners, even of the home (403), on every rates route', async () => {
    const body = { rates: newRates, checkIn: `${year}-10-12`, checkOut: `${year}-10-15`, adults: 2, children: 0 };
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ] as const) {
      expect((await getRates(account)).statusCode).toBe(status);
      expect((await putRates(account, newRates)).statusCode).toBe(status);
      expect((await preview(account, body)).statusCode).toBe(status);
    }
  });

  it('answers staff and admins, by slug, UUID or listing number', async () => {
    for (const account of [accounts.staff, accounts.admin]) {
      const response = await getRates(account, home.id);
      expect(response.statusCode).toBe(200);
      expect(adminRatesSchema.parse(response.json())).toEqual({
        baseNightly: 200,
        weekendNightly: 250,
        cleaningFee: 150,
        minStay: 2,
        taxRate: 10,
        taxName: expect.any(String) as string,
        seasons: [],
      });
    }
    expect((await getRates(accounts.staff, 'no-such-home')).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/properties/{id}/rates', () => {
  it('stores what GET answers, prices new quotes with it, keeps booked prices, and audits', async () => {
    // A booking sold at the old rates.
    const stay = nextStay(3);
    const intent = await createIntent(t.app, intentRequest(home, stay));
    expect((await payWithCard(t.app, intent)).status).toBe(200);
    expect((await postConfirm(t.app, confirmationPayload(intent, { propertyId: home.id, ...stay }))).status).toBe(200);
    const [sold] = await t.db.select().from(bookings).where(eq(bookings.propertyId, home.id));
    if (!sold) throw new Error('the booking was not stored');

    // The change's transaction reads the card before and after on its one
    // connection: one query at a time (pg@9 refuses a second one meanwhile).
    const connections = watchClientConcurrency();
    const response = await putRates(accounts.staff, newRates).finally(() => connections.stop());
    expect(response.statusCode).toBe(200);
    expect(connections.most()).toBeLessThanOrEqual(1);
    const saved = adminRatesSchema.parse(response.json());
    // Seasons come back in date order; the values as sent.
    expect(saved).toEqual({ ...newRates, seasons: [newRates.seasons[1], newRates.seasons[0]] });
    expect(adminRatesSchema.parse((await getRates(accounts.admin)).json())).toEqual(saved);
    // What GET answers, PUT accepts unchanged.
    expect((await putRates(accounts.staff, saved)).statusCode).toBe(200);

    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, sold.id));
    expect(after?.totalCents).toBe(sold.totalCents);
    expect(after?.baseCents).toBe(sold.baseCents);

    // October, Monday to Thursday: three weeknights at the new base rate.
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${home.slug}/quote`,
      payload: { checkin_date: `${year}-10-11`, checkout_date: `${year}-10-14`, guests: { adults: 2 } },
    });
    expect(quote.statusCode).toBe(200);
    const priced = quoteResponseSchema.parse(quote.json());
    expect(priced.basePrice).toBe(931.5);
    expect(priced.financials).toMatchObject({
      tax_rate: 12.27,
      tax_name: 'Breckenridge lodging tax',
      cleaning_fee: 99.99,
    });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, home.id), eq(auditLog.action, 'rates.replace')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry?.actorId).toBe(accounts.staff.id);
    expect(entry?.after).toMatchObject({ baseNightly: 310.5, taxName: 'Breckenridge lodging tax' });
  });

  it('changes the tax of this home only, never of a home sharing its jurisdiction', async () => {
    const sharing = await createBookableHome(t.db);
    const [ours] = await t.db.select().from(propertyRates).where(eq(propertyRates.propertyId, home.id));
    if (!ours) throw new Error('rates missing');
    await t.db
      .update(propertyRates)
      .set({ taxJurisdictionId: ours.taxJurisdictionId })
      .where(eq(propertyRates.propertyId, sharing.id));
    const [shared] = await t.db.select().from(taxJurisdictions).where(eq(taxJurisdictions.id, ours.taxJurisdictionId));

    expect(
      (await putRates(accounts.admin, { ...newRates, taxRate: 8.5, taxName: 'Summit County tax' })).statusCode,
    ).toBe(200);
    const [still] = await t.db.select().from(taxJurisdictions).where(eq(taxJurisdictions.id, ours.taxJurisdictionId));
    expect(still).toEqual(shared);
    const theirs = adminRatesSchema.parse((await getRates(accounts.staff, sharing.id)).json());
    expect(theirs).toMatchObject({
      taxRate: shared?.rateBps === undefined ? -1 : shared.rateBps / 100,
      taxName: shared?.name,
    });

    // A second home choosing the same name and rate reuses that jurisdiction rather than making another.
    expect(
      (await putRates(accounts.admin, { ...newRates, taxRate: 8.5, taxName: 'Summit County tax' }, sharing.id))
        .statusCode,
    ).toBe(200);
    const rows = await t.db
      .select()
      .from(taxJurisdictions)
      .where(and(eq(taxJurisdictions.name, 'Summit County tax'), eq(taxJurisdictions.rateBps, 850)));
    expect(rows).toHaveLength(1);
  });

  it('refuses bad rates with a 400 that names the problem, changing nothing', async () => {
    const before = await t.db.select().from(seasonalRates).where(eq(seasonalRates.propertyId, home.id));
    const season = newRates.seasons[0];
    if (!season) throw new Error('no season');
    const cases: [object, RegExp][] = [
      [
        {
          ...newRates,
          seasons: [season, { ...season, name: 'Holidays', from: `${year}-12-20`, to: `${year + 1}-01-05` }],
        },
        /overlap/,
      ],
      [{ ...newRates, seasons: [{ ...season, to: season.from }] }, /ends after it starts/],
      [{ ...newRates, baseNightly: -1 }, /baseNightly/],
      [{ ...newRates, cleaningFee: 10.005 }, /two decimals/],
      [{ ...newRates, taxRate: 101 }, /taxRate/],
      [{ ...newRates, seasons: [{ ...season, from: '2027-02-30' }] }, /calendar date/],
      [{ ...newRates, extra: 1 }, /extra/],
      [{ ...newRates, minStay: 0 }, /minStay/],
    ];
    for (const [body, message] of cases) {
      const response = await putRates(accounts.staff, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await t.db.select().from(seasonalRates).where(eq(seasonalRates.propertyId, home.id))).toEqual(before);
  });

  it('answers 404 for a home without rates on GET, and PUT gives it rates', async () => {
    const bare = await createBookableHome(t.db);
    await t.db.delete(propertyRates).where(eq(propertyRates.propertyId, bare.id));
    expect((await getRates(accounts.staff, bare.id)).statusCode).toBe(404);
    expect((await putRates(accounts.staff, newRates, bare.id)).statusCode).toBe(200);
    expect((await getRates(accounts.staff, bare.id)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/properties/{id}/rates/preview', () => {
  it('quotes the chosen dates with unsaved rates, in the public quote shape, saving nothing', async () => {
    const other = await createBookableHome(t.db);
    const response = await preview(
      accounts.staff,
      {
        rates: { ...newRates, baseNightly: 1000 },
        checkIn: `${year}-10-11`,
        checkOut: `${year}-10-14`,
        adults: 2,
      },
      other.slug,
    );
    expect(response.statusCode).toBe(200);
    const quote = quoteResponseSchema.parse(response.json());
    expect(quote.basePrice).toBe(3000);
    expect(quote.fees).toBe(99.99);
    expect(quote.taxes).toBe(Math.round((3000 + 99.99) * 12.27) / 100);
    // Nothing saved: the home keeps its $200.
    expect(adminRatesSchema.parse((await getRates(accounts.staff, other.slug)).json()).baseNightly).toBe(200);

    const admin = await createAccount(t.app, t.db, 'admin');
    const inSeason = quoteResponseSchema.parse(
      (
        await preview(
          admin,
          { rates: newRates, checkIn: `${year}-12-07`, checkOut: `${year}-12-11`, adults: 1 },
          other.slug,
        )
      ).json(),
    );
    expect(inSeason.nightly.every((night) => night.season === 'Ski season')).toBe(true);
  });

  it("answers 422 with the pricing rule's message when the stay breaks one", async () => {
    const tooShort = await preview(accounts.staff, {
      rates: newRates,
      checkIn: `${year}-12-07`,
      checkOut: `${year}-12-09`,
      adults: 1,
    });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.json<{ message: string }>().message).toMatch(/minimum stay of 4 nights/);
    const crowd = await preview(accounts.staff, {
      rates: newRates,
      checkIn: `${year}-10-11`,
      checkOut: `${year}-10-14`,
      adults: 7,
    });
    expect(crowd.statusCode).toBe(422);
    const past = await preview(accounts.staff, {
      rates: newRates,
      checkIn: '2020-01-01',
      checkOut: '2020-01-05',
      adults: 1,
    });
    expect(past.statusCode).toBe(422);
  });
});
