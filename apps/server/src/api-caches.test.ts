// The API's in-memory caches (ADR 018) never cost correctness: a night taken
// by a hold, a booking or a staff block is refused by the quote, left out of
// the search and shown taken on the calendar at once, however warm the caches
// are; a change to rates, homes or reviews is priced and listed as soon as it
// is heard; and the cached answers are exactly the text the response schemas
// would have serialised. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { properties, propertyRates, reviews, seasonalRates, taxJurisdictions } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import {
  availabilitySearchResponseSchema,
  calendarResponseSchema,
  propertyCardListSchema,
  quoteResponseSchema,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateRates } from './services/cache-bus.js';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
  searchPriceOfQuote,
} from './test/booking.js';
import { buildTestApp, type TestApp } from './test/helper.js';

const staffKey = 'test-staff-key-0123456789abcdef';
let t: TestApp;
let home: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp({ STAFF_API_KEY: staffKey });
  home = await createBookableHome(t.db);
  // Written straight to the database: wait until this app has heard of it.
  await t.app.cacheBus.sync();
});

afterAll(async () => {
  await t?.close();
});

type Stay = { checkIn: string; checkOut: string };

async function quote(stay: Stay, extra: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${home.slug}/quote`,
    payload: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 }, ...extra },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function searchIds(stay: Stay): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/search/availability?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=2`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return availabilitySearchResponseSchema.parse(response.json()).map((h) => h.id);
}

async function takenOnCalendar(stay: Stay): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/properties/${home.id}/calendar?from=${stay.checkIn}&to=${stay.checkOut}`,
  });
  expect(response.statusCode).toBe(200);
  return calendarResponseSchema.parse(response.json()).unavailable;
}

const nightsOf = (stay: Stay): string[] => {
  const nights: string[] = [];
  for (let d = stay.checkIn; d < stay.checkOut;) {
    nights.push(d);
    const next = new Date(`${d}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    d = next.toISOString().slice(0, 10);
  }
  return nights;
};

/** Every answer about `stay` offers it: the caches are warm with this home free. */
async function expectOffered(stay: Stay): Promise<void> {
  expect((await quote(stay)).status).toBe(200);
  expect(await searchIds(stay)).toContain(home.id);
  expect(await takenOnCalendar(stay)).toEqual([]);
}

async function expectTaken(stay: Stay): Promise<void> {
  expect(await quote(stay)).toEqual({ status: 422, body: { message: 'Some of these dates are not available.' } });
  expect(await searchIds(stay)).not.toContain(home.id);
  expect(await takenOnCalendar(stay)).toEqual(nightsOf(stay));
}

describe('taken nights, with every cache warm', () => {
  it('are refused, hidden and shown taken right after a hold, except to the reservation holding them', async () => {
    const stay = nextStay(3);
    await expectOffered(stay);
    const request = intentRequest(home, stay);
    await createIntent(t.app, request);
    await expectTaken(stay);
    // Its own hold is free to the reservation that holds it (the date editor of step 1).
    expect((await quote(stay, { reference: request.confirmationCode })).status).toBe(200);
  });

  it('stay refused after the hold becomes a booking', async () => {
    const stay = nextStay(3);
    await expectOffered(stay);
    const intent = await createIntent(t.app, intentRequest(home, stay));
    expect((await payWithCard(t.app, intent)).status).toBe(200);
    expect((await postConfirm(t.app, confirmationPayload(intent, { propertyId: home.id, ...stay }))).status).toBe(200);
    await expectTaken(stay);
  });

  it('are refused, hidden and shown taken right after staff block them', async () => {
    const stay = nextStay(2);
    await expectOffered(stay);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/calendar/block-dates?propertyId=${home.id}`,
      headers: { authorization: `Bearer ${staffKey}` },
      payload: { dates: nightsOf(stay) },
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectTaken(stay);
  });
});

describe('a rate change', () => {
  it('prices the next quote and search at the new rate once heard', async () => {
    const stay = nextStay(2); // Monday and Tuesday nights
    const before = quoteResponseSchema.parse((await quote(stay)).body);
    expect(before.basePrice).toBe(400);

    await t.db.update(propertyRates).set({ nightlyCents: 30_000 }).where(eq(propertyRates.propertyId, home.id));
    await t.app.cacheBus.sync();
    const after = quoteResponseSchema.parse((await quote(stay)).body);
    expect(after.basePrice).toBe(600);
    const response = await t.app.inject({
      url: `/api/search/availability?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=2`,
    });
    const listed = availabilitySearchResponseSchema.parse(response.json()).find((h) => h.id === home.id);
    expect(listed?.quote).toMatchObject({ basePrice: 600, total: after.total });
  });

  it('of a season or a tax rate reaches quotes and calendars too', async () => {
    const stay = nextStay(2);
    await t.db.insert(seasonalRates).values({
      propertyId: home.id,
      name: 'Test festival',
      startDate: stay.checkIn,
      endDate: stay.checkOut,
      nightlyCents: 50_000,
      weekendCents: 50_000,
      minStay: 2,
    });
    const [rates] = await t.db.select().from(propertyRates).where(eq(propertyRates.propertyId, home.id));
    await t.db.update(taxJurisdictions).set({ rateBps: 2000 }).where(eq(taxJurisdictions.id, rates!.taxJurisdictionId));
    await t.app.cacheBus.sync();

    const priced = quoteResponseSchema.parse((await quote(stay)).body);
    expect(priced).toMatchObject({ basePrice: 1000, fees: 150, taxes: 230, financials: { tax_rate: 20 } });
    expect(priced.nightly.map((n) => n.season)).toEqual(['Test festival', 'Test festival']);
    const calendar = await t.app.inject({ url: `/api/properties/${home.id}/calendar?from=${stay.checkIn}` });
    expect(calendarResponseSchema.parse(calendar.json()).minStay.ranges).toEqual([
      { start: stay.checkIn, end: stay.checkOut, minStay: 2 },
    ]);
  });

  it('announced by invalidateRates is dropped by this app before the call returns', async () => {
    const first = await t.app.rateTables.current();
    expect(await t.app.rateTables.current()).toBe(first);
    await invalidateRates(t.app.cacheBus, home.id);
    expect(await t.app.rateTables.current()).not.toBe(first);
  });
});

describe('a catalogue change', () => {
  it('reaches the collection listing, the search and the details once heard', async () => {
    const [listed] = propertyCardListSchema.parse(
      (await t.app.inject({ url: '/api/properties/collection/luxury?page=0&size=1' })).json(),
    );
    if (!listed) throw new Error('no luxury home in the seed');
    await t.app.inject({ url: `/api/properties/search/${listed.slug}` });

    await t.db.update(properties).set({ name: 'Renamed Retreat' }).where(eq(properties.id, listed.id));
    await t.db.insert(reviews).values({
      id: `cache-test-${listed.id}`,
      propertyId: listed.id,
      guestName: 'Grace',
      platform: 'Google',
      rating: 5,
      reviewText: 'Wonderful from start to finish.',
      reviewedAtDate: '2025-02-03',
    });
    await t.app.cacheBus.sync();

    const [card] = propertyCardListSchema.parse(
      (await t.app.inject({ url: '/api/properties/collection/luxury?page=0&size=1' })).json(),
    );
    expect(card).toMatchObject({ id: listed.id, name: 'Renamed Retreat', reviews: listed.reviews + 1 });
    const details = (await t.app.inject({ url: `/api/properties/search/${listed.slug}` })).json<{ name: string }>();
    expect(details.name).toBe('Renamed Retreat');
    const year = new Date().getUTCFullYear() + 1;
    const found = availabilitySearchResponseSchema
      .parse(
        (await t.app.inject({ url: `/api/search/availability?checkIn=${year}-10-12&checkOut=${year}-10-16` })).json(),
      )
      .find((h) => h.id === listed.id);
    expect(found?.name).toBe('Renamed Retreat');
  });
});

describe('the search', () => {
  it('lists exactly the homes whose quote the party would get, at the quoted price, whatever the party', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const seeded = t.catalog.properties;
    for (const [dates, party] of [
      [{ checkIn: `${year}-10-12`, checkOut: `${year}-10-16` }, { adults: 1 }],
      [
        { checkIn: `${year}-10-12`, checkOut: `${year}-10-16` },
        { adults: 4, children: 2, infants: 1, pets: 1 },
      ],
      // Christmas and the ski season: seasonal prices and minimum stays.
      [
        { checkIn: `${year}-12-22`, checkOut: `${year}-12-27` },
        { adults: 2, children: 1 },
      ],
      [{ checkIn: `${year + 1}-02-02`, checkOut: `${year + 1}-02-04` }, { adults: 2 }],
    ] as const) {
      const query = new URLSearchParams({
        ...dates,
        ...Object.fromEntries(Object.entries(party).map(([k, v]) => [k, String(v)])),
      });
      const response = await t.app.inject({ url: `/api/search/availability?${query.toString()}` });
      const listed = new Map(availabilitySearchResponseSchema.parse(response.json()).map((h) => [h.id, h.quote]));
      for (const home of seeded) {
        const quoted = await t.app.inject({
          method: 'POST',
          url: `/api/properties/${home.id}/quote`,
          payload: { checkin_date: dates.checkIn, checkout_date: dates.checkOut, guests: party },
        });
        const label = `${home.propertyId} ${dates.checkIn} ${JSON.stringify(party)}`;
        if (quoted.statusCode !== 200) {
          expect(listed.has(home.id), label).toBe(false);
          continue;
        }
        const quote = quoteResponseSchema.parse(quoted.json());
        expect(listed.get(home.id), label).toEqual(searchPriceOfQuote(quote));
      }
    }
  });
});

describe('cached answers', () => {
  it('are the text the response schemas serialise, keys in order and nothing more', async () => {
    const year = new Date().getUTCFullYear() + 1;
    for (const [url, schema] of [
      ['/api/properties/collection/resort', propertyCardListSchema],
      ['/api/properties/collection/resort?page=1&size=2', propertyCardListSchema],
      [
        `/api/search/availability?checkIn=${year}-10-12&checkOut=${year}-10-16&adults=2`,
        availabilitySearchResponseSchema,
      ],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(JSON.stringify(schema.encode(response.json())));
    }
  });
});
