import { propertyRates, seasonalRates, taxJurisdictions } from '@sas/db';
import { insertProperty, insertRates, insertStay } from '@sas/db/testing';
import { addDays, eachNight, quoteResponseSchema, toCents, todayIn, type QuoteRequest } from '@sas/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Dates in next year's winter, so the tests never fall into the past.
const year = Number(todayIn('America/Denver').slice(0, 4)) + 1;
const skiStart = `${year}-12-01`;
const christmas = `${year}-12-20`;

async function quote(id: string, body: unknown) {
  const response = await t.app.inject({ method: 'POST', url: `/api/properties/${id}/quote`, payload: body as object });
  return { status: response.statusCode, body: response.json<unknown>() };
}

function stay(checkIn: string, checkOut: string, guests: Partial<QuoteRequest['guests']> = {}): QuoteRequest {
  return { checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2, ...guests } };
}

function isWeekendNight(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 5 || weekday === 6;
}

/** A home of our own with two seasons next winter: ski (3-night minimum) and Christmas (4). */
async function createHome(overrides: { maxGuests?: number; petsAllowed?: boolean } = {}) {
  const home = await insertProperty(t.db, { maxGuests: 8, petsAllowed: false, ...overrides });
  await insertRates(t.db, home.id, {
    nightlyCents: 20_000,
    weekendCents: 25_000,
    cleaningFeeCents: 15_000,
    minStay: 2,
    taxRateBps: 1227,
    seasons: [
      { name: 'Ski season', start: skiStart, end: christmas, nightlyCents: 32_000, weekendCents: 40_000, minStay: 3 },
      {
        name: 'Christmas & New Year',
        start: christmas,
        end: `${year + 1}-01-03`,
        nightlyCents: 45_000,
        weekendCents: 50_000,
        minStay: 4,
      },
    ],
  });
  return home;
}

async function expectRule(id: string, body: QuoteRequest, message: string) {
  const response = await quote(id, body);
  expect(response).toEqual({ status: 422, body: { message } });
}

describe('POST /api/properties/:id/quote', () => {
  it('prices a stay crossing into ski season from the seeded rates of a home, night by night', async () => {
    const seeded = t.catalog.properties.find((p) => p.propertyId === 'SAS-1006');
    if (!seeded) throw new Error('SAS-1006 is not in the seed');
    const [rates] = await t.db
      .select()
      .from(propertyRates)
      .innerJoin(taxJurisdictions, eq(taxJurisdictions.id, propertyRates.taxJurisdictionId))
      .where(eq(propertyRates.propertyId, seeded.id));
    const seasons = await t.db
      .select()
      .from(seasonalRates)
      .where(eq(seasonalRates.propertyId, seeded.id))
      .orderBy(asc(seasonalRates.startDate));
    // The next ski season that starts at least a week from now, so the stay can begin two days before it.
    const earliest = addDays(todayIn('America/Denver'), 7);
    const ski = seasons.find(
      (s) => s.name === 'Ski season' && s.startDate.endsWith('-12-01') && s.startDate >= earliest,
    );
    expect(rates, 'seeded rates').toBeDefined();
    expect(
      ski,
      'a seeded ski season in the future (the seed dates seasons from last year to five years ahead)',
    ).toBeDefined();
    if (!rates || !ski) return;
    const regular = rates.property_rates;

    const checkIn = addDays(ski.startDate, -2);
    const checkOut = addDays(ski.startDate, 2);
    const expectedNights = eachNight(checkIn, checkOut).map((date) => {
      const inSeason = date >= ski.startDate;
      const weekend = isWeekendNight(date);
      const cents = inSeason
        ? weekend
          ? ski.weekendCents
          : ski.nightlyCents
        : weekend
          ? regular.weekendCents
          : regular.nightlyCents;
      return { date, cents, season: inSeason ? 'Ski season' : null, weekend };
    });
    const base = expectedNights.reduce((sum, n) => sum + n.cents, 0);
    const taxable = base + regular.cleaningFeeCents;
    // Half up to the cent on the whole taxable amount.
    const taxes = Math.floor((taxable * rates.tax_jurisdictions.rateBps + 5_000) / 10_000);

    const response = await quote(seeded.id, stay(checkIn, checkOut, { children: 1, infants: 1 }));
    expect(response.status).toBe(200);
    const body = quoteResponseSchema.parse(response.body);
    expect(body).toEqual({
      checkin_date: checkIn,
      checkout_date: checkOut,
      nights: 4,
      nightly: expectedNights.map((n) => ({
        date: n.date,
        price: n.cents / 100,
        season: n.season,
        weekend: n.weekend,
      })),
      basePrice: base / 100,
      fees: regular.cleaningFeeCents / 100,
      taxes: taxes / 100,
      // The seed's demo lines by jurisdiction (issue 29) add up to the combined rate, to the cent.
      taxLines: expect.any(Array) as unknown,
      total: (taxable + taxes) / 100,
      currency: 'usd',
      discounts: [],
      financials: {
        // The check-in night is before the season: the home's own minimum applies.
        min_stay: regular.minStay,
        cleaning_fee: regular.cleaningFeeCents / 100,
        tax_rate: rates.tax_jurisdictions.rateBps / 100,
        tax_name: 'Breckenridge, CO lodging and sales tax',
        average_nightly: Math.round(base / 4) / 100,
      },
    });
    expect(body.nightly[1]?.price).not.toBe(body.nightly[2]?.price);
    expect(body.taxLines.map((line) => line.jurisdiction)).toEqual([
      'State of Colorado',
      'Summit County',
      'Summit County',
      'Summit County',
      'Town of Breckenridge',
      'Town of Breckenridge',
    ]);
    expect(body.taxLines.reduce((sum, line) => sum + toCents(line.amount), 0)).toBe(taxes);
  });

  it('finds the home by slug as well as by UUID', async () => {
    const seeded = t.catalog.properties.find((p) => p.propertyId === 'SAS-1001');
    if (!seeded) throw new Error('SAS-1001 is not in the seed');
    const body = stay(`${year}-10-12`, `${year}-10-15`);
    const byId = await quote(seeded.id, body);
    expect(byId.status).toBe(200);
    expect(await quote(seeded.slug, body)).toEqual(byId);
    expect(await quote(seeded.id.toUpperCase(), body)).toEqual(byId);
  });

  it('answers 404 for a home that does not exist', async () => {
    const body = stay(`${year}-10-12`, `${year}-10-15`);
    expect(await quote('7c9e6679-7425-40de-944b-e07fc1f90ae7', body)).toEqual({
      status: 404,
      body: { message: 'Property not found' },
    });
    expect((await quote('no-such-home', body)).status).toBe(404);
  });

  it('answers 400 with a clear message for a malformed request', async () => {
    const home = await createHome();
    const cases: [unknown, string][] = [
      [{ checkin_date: `${year}-10-12`, checkout_date: `${year}-10-15` }, 'guests is required'],
      [stay(`${year}-02-30`, `${year}-03-02`), 'checkin_date must be a calendar date written as YYYY-MM-DD'],
      [stay(`${year}-10-12`, '10/15/2027'), 'checkout_date must be a calendar date written as YYYY-MM-DD'],
      [stay(`${year}-10-12`, `${year}-10-15`, { adults: 0 }), 'guests.adults must be a whole number between 1 and 50'],
      [
        stay(`${year}-10-12`, `${year}-10-15`, { children: -1 }),
        'guests.children must be a whole number between 0 and 50',
      ],
      [{ ...stay(`${year}-10-12`, `${year}-10-15`), total: 1 }, "Unknown field 'total'."],
    ];
    for (const [body, message] of cases) {
      const response = await quote(home.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as { message: string }).message).toContain(message);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${home.id}/quote`,
      headers: { 'content-type': 'application/json' },
      payload: '{"checkin_date":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers 422 with the rule for an impossible stay', async () => {
    const home = await createHome();
    const today = todayIn('America/Denver');
    await expectRule(home.id, stay(`${year}-10-12`, `${year}-10-12`), 'Check-out must be after check-in.');
    await expectRule(home.id, stay(`${year}-10-12`, `${year}-10-10`), 'Check-out must be after check-in.');
    await expectRule(home.id, stay(addDays(today, -1), addDays(today, 2)), 'Check-in cannot be in the past.');
    await expectRule(
      home.id,
      stay(`${year}-03-01`, addDays(`${year}-03-01`, 61)),
      'Stays can be booked online for up to 60 nights. Please call us for a longer stay.',
    );
    await expectRule(
      home.id,
      stay(skiStart, addDays(skiStart, 2)),
      'This home has a minimum stay of 3 nights for these dates.',
    );
    await expectRule(
      home.id,
      stay(christmas, addDays(christmas, 3)),
      'This home has a minimum stay of 4 nights for these dates.',
    );
    await expectRule(
      home.id,
      stay(`${year}-10-12`, `${year}-10-15`, { adults: 6, children: 3 }),
      'This home sleeps at most 8 guests.',
    );
    await expectRule(
      home.id,
      stay(`${year}-10-12`, `${year}-10-15`, { pets: 1 }),
      'Pets are not allowed at this home.',
    );
    // Infants do not count towards the capacity; a stay today is not in the past.
    expect(
      (await quote(home.id, stay(`${year}-10-12`, `${year}-10-15`, { adults: 6, children: 2, infants: 2 }))).status,
    ).toBe(200);
    expect((await quote(home.id, stay(today, addDays(today, 2)))).status).toBe(200);
  });

  it('takes pets where the home allows them', async () => {
    const home = await createHome({ petsAllowed: true });
    expect((await quote(home.id, stay(`${year}-10-12`, `${year}-10-15`, { pets: 2 }))).status).toBe(200);
  });

  it('refuses nights held by a reservation, an owner block or a live hold, but not an expired or released one', async () => {
    const home = await createHome();
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await insertStay(t.db, home.id, { checkIn: `${year}-09-01`, checkOut: `${year}-09-04`, kind: 'reservation' });
    await insertStay(t.db, home.id, { checkIn: `${year}-09-10`, checkOut: `${year}-09-12`, kind: 'owner_block' });
    await insertStay(t.db, home.id, {
      checkIn: `${year}-09-20`,
      checkOut: `${year}-09-22`,
      kind: 'hold',
      expiresAt: inAnHour,
    });
    await insertStay(t.db, home.id, {
      checkIn: `${year}-09-24`,
      checkOut: `${year}-09-26`,
      kind: 'hold',
      expiresAt: anHourAgo,
    });
    await insertStay(t.db, home.id, { checkIn: `${year}-09-27`, checkOut: `${year}-09-29`, status: 'released' });

    const unavailable = 'Some of these dates are not available.';
    await expectRule(home.id, stay(`${year}-09-03`, `${year}-09-06`), unavailable);
    await expectRule(home.id, stay(`${year}-09-08`, `${year}-09-11`), unavailable);
    await expectRule(home.id, stay(`${year}-09-19`, `${year}-09-21`), unavailable);
    // The check-out day of a stay is the next guest's check-in, and the day before a stay its check-out.
    expect((await quote(home.id, stay(`${year}-09-04`, `${year}-09-10`))).status).toBe(200);
    expect((await quote(home.id, stay(`${year}-09-23`, `${year}-09-30`))).status).toBe(200);
  });

  it('explains when a home has no rates yet', async () => {
    const home = await insertProperty(t.db);
    await expectRule(
      home.id,
      stay(`${year}-10-12`, `${year}-10-15`),
      'This home cannot be booked online yet. Please call us to reserve it.',
    );
  });
});
