import { propertyRates, stays } from '@sas/db';
import { insertStay } from '@sas/db/testing';
import {
  addDays,
  availabilitySearchResponseSchema,
  quoteResponseSchema,
  todayIn,
  type AvailableHome,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Mid-October next year: outside every seeded season, so each home's own minimum stay applies.
const year = Number(todayIn('America/Denver').slice(0, 4)) + 1;

async function search(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/search/availability?${query}` });
  return { status: response.statusCode, body: response.json<unknown>() };
}

async function found(query: string): Promise<AvailableHome[]> {
  const { status, body } = await search(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return availabilitySearchResponseSchema.parse(body);
}

function seeded(code: string) {
  const home = t.catalog.properties.find((p) => p.propertyId === code);
  if (!home) throw new Error(`${code} is not in the seed`);
  return home;
}

const ids = (homes: readonly { id: string }[]) => homes.map((h) => h.id).sort();

describe('GET /api/search/availability', () => {
  it('lists every free home that fits the party, cheapest first, priced as its quote', async () => {
    const homes = await found(`checkIn=${year}-10-12&checkOut=${year}-10-16&adults=2`);
    expect(ids(homes)).toEqual(ids(t.catalog.properties.filter((p) => p.maxGuests >= 2)));
    const totals = homes.map((h) => h.quote.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals[0]).toBeLessThan(totals.at(-1) ?? 0);

    for (const home of [homes[0], homes.at(-1)]) {
      if (!home) throw new Error('no homes found');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/properties/${home.id}/quote`,
        payload: { checkin_date: `${year}-10-12`, checkout_date: `${year}-10-16`, guests: { adults: 2 } },
      });
      const quote = quoteResponseSchema.parse(response.json());
      expect(home.quote).toEqual({
        nights: 4,
        total: quote.total,
        basePrice: quote.basePrice,
        fees: quote.fees,
        taxes: quote.taxes,
        currency: 'usd',
        discounts: [],
      });
      // The card is the listing card of the collections.
      expect(home).toMatchObject({
        slug: expect.any(String) as unknown,
        pictureUrl: expect.stringMatching(/^\/media\//) as unknown,
      });
    }
  });

  it('hides homes reserved, blocked or held for any night, but not those with an expired hold or leaving that day', async () => {
    const [reserved, blocked, held, expired, leaving] = [
      'SAS-1001',
      'SAS-1002',
      'SAS-1019',
      'SAS-1020',
      'SAS-1011',
    ].map(seeded);
    const checkIn = `${year}-10-20`;
    const checkOut = `${year}-10-24`;
    await insertStay(t.db, reserved!.id, { checkIn: `${year}-10-23`, checkOut: `${year}-10-26` });
    await insertStay(t.db, blocked!.id, { checkIn: `${year}-10-18`, checkOut: `${year}-10-21`, kind: 'owner_block' });
    await insertStay(t.db, held!.id, {
      checkIn: `${year}-10-21`,
      checkOut: `${year}-10-22`,
      kind: 'hold',
      expiresAt: new Date(Date.now() + 15 * 60 * 1000),
    });
    await insertStay(t.db, expired!.id, {
      checkIn: `${year}-10-21`,
      checkOut: `${year}-10-22`,
      kind: 'hold',
      expiresAt: new Date(Date.now() - 60 * 1000),
    });
    await insertStay(t.db, leaving!.id, { checkIn: `${year}-10-16`, checkOut: checkIn });

    const shown = new Set(ids(await found(`checkIn=${checkIn}&checkOut=${checkOut}&adults=2`)));
    expect(shown.has(reserved!.id)).toBe(false);
    expect(shown.has(blocked!.id)).toBe(false);
    expect(shown.has(held!.id)).toBe(false);
    expect(shown.has(expired!.id)).toBe(true);
    expect(shown.has(leaving!.id)).toBe(true);
  });

  it('keeps its answer for the dates until a stay of any home changes: a booking, a block or a release is seen at once', async () => {
    const home = seeded('SAS-1003');
    const query = `checkIn=${year}-11-02&checkOut=${year}-11-06&adults=2`;
    expect(ids(await found(query))).toContain(home.id);

    // Written by anyone (here straight into the table): the database announces it.
    const stay = await insertStay(t.db, home.id, { checkIn: `${year}-11-03`, checkOut: `${year}-11-04` });
    await t.app.cacheBus.sync();
    expect(ids(await found(query))).not.toContain(home.id);

    await t.db.update(stays).set({ status: 'released' }).where(eq(stays.id, stay.id));
    await t.app.cacheBus.sync();
    expect(ids(await found(query))).toContain(home.id);
  });

  it('hides homes too small for the party, counting children but not infants', async () => {
    const homes = await found(`checkIn=${year}-11-02&checkOut=${year}-11-06&adults=6&children=5&infants=3`);
    const big = t.catalog.properties.filter((p) => p.maxGuests >= 11);
    expect(big.length).toBeGreaterThan(0);
    expect(big.length).toBeLessThan(t.catalog.properties.length);
    expect(ids(homes)).toEqual(ids(big));
  });

  it('offers only homes that take pets when pets come along', async () => {
    const homes = await found(`checkIn=${year}-11-02&checkOut=${year}-11-06&adults=2&pets=1`);
    expect(ids(homes)).toEqual(ids(t.catalog.properties.filter((p) => p.petsAllowed)));
  });

  it('narrows to Breckenridge or Michigan', async () => {
    const dates = `checkIn=${year}-11-02&checkOut=${year}-11-06&adults=1`;
    const michigan = await found(`${dates}&location=michigan`);
    const breckenridge = await found(`${dates}&location=breckenridge`);
    expect(ids(michigan)).toEqual(ids(t.catalog.properties.filter((p) => p.state === 'MI')));
    expect(ids(breckenridge)).toEqual(ids(t.catalog.properties.filter((p) => p.state === 'CO')));
    expect(ids(await found(`${dates}&location=all`))).toEqual(ids([...michigan, ...breckenridge]));
  });

  it('leaves out homes whose minimum stay is longer than the stay', async () => {
    const rates = await t.db.select().from(propertyRates);
    const oneNight = rates.filter((r) => r.minStay === 1).map((r) => ({ id: r.propertyId }));
    expect(oneNight.length).toBeGreaterThan(0);
    expect(oneNight.length).toBeLessThan(rates.length);
    expect(ids(await found(`checkIn=${year}-11-10&checkOut=${year}-11-11&adults=1`))).toEqual(ids(oneNight));
  });

  it('answers 422 for dates no home can take', async () => {
    const today = todayIn('America/Detroit');
    expect(await search(`checkIn=${addDays(today, -2)}&checkOut=${addDays(today, 2)}`)).toEqual({
      status: 422,
      body: { message: 'Check-in cannot be in the past.' },
    });
    expect(await search(`checkIn=${year}-11-10&checkOut=${year}-11-10`)).toEqual({
      status: 422,
      body: { message: 'Check-out must be after check-in.' },
    });
    expect((await search(`checkIn=${year}-01-01&checkOut=${year}-04-01`)).status).toBe(422);
  });

  it('answers 400 with a clear message for malformed queries', async () => {
    const dates = `checkIn=${year}-11-02&checkOut=${year}-11-06`;
    expect(await search(`checkOut=${year}-11-06`)).toEqual({ status: 400, body: { message: 'checkIn is required' } });
    expect(await search(`checkIn=${year}-11-31&checkOut=${year}-12-02`)).toEqual({
      status: 400,
      body: { message: 'checkIn must be a calendar date written as YYYY-MM-DD' },
    });
    expect(await search(`${dates}&adults=0`)).toEqual({
      status: 400,
      body: { message: 'adults must be a whole number between 1 and 50' },
    });
    expect(await search(`${dates}&location=aspen`)).toEqual({
      status: 400,
      body: { message: 'location must be one of all, breckenridge, michigan' },
    });
    expect((await search(`${dates}&sort=price`)).status).toBe(400);
  });
});
