// The availability search over a catalogue of many homes with a year of stays
// (the bench's scale seed, issue 25): every answer lists exactly the homes
// whose quote the party would get, at the quoted price, cheapest first; and
// the answers it keeps in memory (services/pricing.ts) follow a stay written a
// moment ago, a new rate and the turn of the day at once. On PGlite and, with
// TEST_DATABASE_URL, PostgreSQL.
import { propertyRates } from '@sas/db';
import { seedScaleCatalog } from '@sas/db/seed';
import { insertStay } from '@sas/db/testing';
import {
  addDays,
  availabilitySearchResponseSchema,
  quoteResponseSchema,
  todayIn,
  type AvailableHome,
  type IsoDate,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAvailability, type SearchRequest } from './services/pricing.js';
import { searchPriceOfQuote } from './test/booking.js';
import { buildTestApp, type TestApp } from './test/helper.js';

/** Enough homes that every seeded one is copied more than once; 40 stays each, as the bench. */
const homeCount = 80;

let t: TestApp;
let homeIds: string[];

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  await seedScaleCatalog(t.db, { homes: homeCount, stays: homeCount * 40 });
  await t.app.cacheBus.sync();
  homeIds = (await t.app.rateTables.current()).homes.map((home) => home.id);
});

afterAll(async () => {
  await t?.close();
});

interface Party {
  adults: number;
  children?: number;
  infants?: number;
  pets?: number;
}

interface Stay {
  checkIn: IsoDate;
  checkOut: IsoDate;
}

const today = todayIn('America/Denver');

function searchUrl(stay: Stay, party: Party): string {
  const query = new URLSearchParams({
    ...stay,
    ...Object.fromEntries(Object.entries(party).map(([key, value]) => [key, String(value)])),
  });
  return `/api/search/availability?${query.toString()}`;
}

async function searchBody(stay: Stay, party: Party): Promise<string> {
  const response = await t.app.inject({ url: searchUrl(stay, party) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.body;
}

const parse = (body: string): AvailableHome[] => availabilitySearchResponseSchema.parse(JSON.parse(body));

/** The search's `quote` of each home the quote route would book for this stay and party. */
async function quotedHomes(stay: Stay, party: Party): Promise<Map<string, AvailableHome['quote']>> {
  const quoted = new Map<string, AvailableHome['quote']>();
  for (const id of homeIds) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${id}/quote`,
      payload: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: party },
    });
    if (response.statusCode !== 200) continue;
    const quote = quoteResponseSchema.parse(response.json());
    quoted.set(id, searchPriceOfQuote(quote));
  }
  return quoted;
}

async function expectQuotedHomes(stay: Stay, party: Party): Promise<AvailableHome[]> {
  const listed = parse(await searchBody(stay, party));
  const totals = listed.map((home) => home.quote.total);
  expect(totals).toEqual([...totals].sort((a, b) => a - b));
  expect(new Map(listed.map((home) => [home.id, home.quote]))).toEqual(await quotedHomes(stay, party));
  return listed;
}

describe(`the search at ${homeCount} homes with a year of stays`, () => {
  it('lists exactly the homes whose quote the party would get, at the quoted price, cheapest first', async () => {
    const searches: [Stay, Party][] = [
      [{ checkIn: addDays(today, 20), checkOut: addDays(today, 24) }, { adults: 2 }],
      [
        { checkIn: addDays(today, 20), checkOut: addDays(today, 24) },
        { adults: 5, children: 2, pets: 1 },
      ],
      [{ checkIn: addDays(today, 150), checkOut: addDays(today, 151) }, { adults: 1 }],
      [
        { checkIn: addDays(today, 300), checkOut: addDays(today, 309) },
        { adults: 3, infants: 1 },
      ],
    ];
    let listedAny = 0;
    for (const [stay, party] of searches) {
      listedAny += (await expectQuotedHomes(stay, party)).length;
      // Asked again, answered from memory: the same bytes.
      expect(await searchBody(stay, party)).toBe(await searchBody(stay, party));
    }
    expect(listedAny).toBeGreaterThan(0);
  });

  it('leaves out a home at once when a stay is written, however warm its answers, and keeps the others', async () => {
    const stay = { checkIn: addDays(today, 40), checkOut: addDays(today, 43) };
    const before = await searchBody(stay, { adults: 2 });
    await searchBody(stay, { adults: 1 });
    const [taken, ...others] = parse(before);
    if (!taken) throw new Error('no home free for the test stay');

    // Written straight to the database, no notice heard yet: the stays counter tells.
    await insertStay(t.db, taken.id, { ...stay, kind: 'owner_block' });
    // Searches that overlap all see it.
    const answers = await Promise.all(
      [1, 2, 2, 1, 2, 1].map((adults) => t.app.inject({ url: searchUrl(stay, { adults }) })),
    );
    for (const answer of answers) expect(parse(answer.body).map((home) => home.id)).not.toContain(taken.id);
    expect(parse(await searchBody(stay, { adults: 2 }))).toEqual(others);
    await expectQuotedHomes(stay, { adults: 2 });
  });

  it('prices a home at its new rate once the change is heard', async () => {
    const stay = { checkIn: addDays(today, 60), checkOut: addDays(today, 62) };
    const [home] = await expectQuotedHomes(stay, { adults: 2 });
    if (!home) throw new Error('no home free for the test stay');

    await t.db
      .update(propertyRates)
      .set({ nightlyCents: 300_000, weekendCents: 300_000 })
      .where(eq(propertyRates.propertyId, home.id));
    await t.app.cacheBus.sync();
    const listed = await expectQuotedHomes(stay, { adults: 2 });
    expect(listed.find((found) => found.id === home.id)?.quote.basePrice).toBe(6_000);
    // The dearest now, so the last.
    expect(listed.at(-1)?.id).toBe(home.id);
  });

  it('judges a check-in by the day where the homes are, minute by minute', async () => {
    const checkIn = addDays(today, 5);
    // The first minute of a day in Denver, west of every other home.
    const midnightOf = (day: IsoDate): number => {
      let ms = Date.parse(`${day}T05:00:00Z`);
      while (todayIn('America/Denver', new Date(ms)) !== day) ms += 60_000;
      return ms;
    };
    const midnight = midnightOf(checkIn);
    const nextMidnight = midnightOf(addDays(checkIn, 1));
    const search: SearchRequest = {
      checkIn,
      checkOut: addDays(checkIn, 2),
      adults: 1,
      children: 0,
      infants: 0,
      pets: 0,
      location: 'all',
    };
    const sources = {
      db: t.db,
      rates: t.app.rateTables,
      catalog: t.app.catalogCache,
      takenHomes: t.app.takenHomes,
    };
    const at = (ms: number) => searchAvailability(sources, search, new Date(ms));

    expect((await at(midnight - 2 * 24 * 3600_000)).status).toBe('ok');
    expect((await at(midnight - 30_000)).status).toBe('ok');
    expect((await at(midnight - 1)).status).toBe('ok');
    // Still the day of the check-in: it may be booked until it is over.
    expect((await at(midnight + 30_000)).status).toBe('ok');
    expect((await at(nextMidnight - 1)).status).toBe('ok');
    expect((await at(nextMidnight)).status).toBe('rejected');
  });
});
