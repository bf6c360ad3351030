// One home, three names: every route taking a home answers the same for its
// UUID `id`, its listing number `propertyId` (as the listings hand it out) and
// its slug, for every seeded home; and a slug built by SPEC.md's slug rule
// read literally ("remove punctuation") finds the home too.
import { stays } from '@sas/db';
import { addDays, todayIn, type CreatePaymentIntentRequest } from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intentRequest, postIntent } from '../../test/booking.js';
import { buildTestApp, type SeedCatalog, type TestApp } from '../../test/helper.js';

const staffKey = 'test-staff-key-0123456789abcdef';

let t: TestApp;
let staffApp: TestApp['app'];
let homes: SeedCatalog['properties'];

beforeAll(async () => {
  t = await buildTestApp();
  staffApp = (await t.buildAnotherApp({ STAFF_API_KEY: staffKey })).app;
  homes = t.catalog.properties;
});

afterAll(async () => {
  await t?.close();
});

type Home = SeedCatalog['properties'][number];

/** The three names of a home, as a client may have them. */
function namesOf(home: Home): string[] {
  return [home.id, home.propertyId, home.slug];
}

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json<unknown>() };
}

/** The answers to the same request under each name of the home: all must be `first`. */
async function expectSameForEveryName(home: Home, request: (name: string) => ReturnType<typeof call>) {
  const [first, ...others] = await Promise.all(namesOf(home).map(request));
  others.forEach((other, i) => expect(other, `${home.propertyId} as ${namesOf(home)[i + 1]}`).toEqual(first));
  return first!;
}

// Five nights from a Monday months ahead: longer than any seeded minimum stay.
const today = todayIn('America/Denver');
let checkIn = addDays(today, 120);
while (new Date(`${checkIn}T00:00:00Z`).getUTCDay() !== 1) checkIn = addDays(checkIn, 1);
const checkOut = addDays(checkIn, 5);
const guests = { adults: 2, children: 0, infants: 0, pets: 0 };

/**
 * SPEC.md section 2's slug rule applied word for word: lowercase, normalise
 * dashes and special characters, remove punctuation, spaces to single
 * dashes, collapse and trim dashes. "Ski-in/Ski-out" becomes ski-inski-out.
 */
function literalSpecSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

describe('every route taking a home, under each of its names', () => {
  it('serves the same details, with both id and propertyId', async () => {
    for (const home of homes) {
      const answer = await expectSameForEveryName(home, (name) => call('GET', `/api/properties/search/${name}`));
      expect(answer.status, home.propertyId).toBe(200);
      expect(answer.body).toMatchObject({ id: home.id, propertyId: home.propertyId, slug: home.slug });
    }
  });

  it('lists the same nearby places', async () => {
    for (const home of homes) {
      const answer = await expectSameForEveryName(home, (name) => call('GET', `/api/properties/${name}/nearby-places`));
      expect(answer.status, home.propertyId).toBe(200);
      expect((answer.body as unknown[]).length, home.propertyId).toBeGreaterThan(0);
    }
  });

  it('quotes the same price', async () => {
    for (const home of homes) {
      const answer = await expectSameForEveryName(home, (name) =>
        call('POST', `/api/properties/${name}/quote`, { checkin_date: checkIn, checkout_date: checkOut, guests }),
      );
      expect(answer.status, home.propertyId).toBe(200);
      expect(answer.body).toMatchObject({ nights: 5 });
    }
  });

  it('shows the same calendar', async () => {
    for (const home of homes) {
      const answer = await expectSameForEveryName(home, (name) => call('GET', `/api/properties/${name}/calendar`));
      expect(answer.status, home.propertyId).toBe(200);
      expect(answer.body).toMatchObject({ propertyId: home.id });
    }
  });

  it('creates the same payment intent, and refuses the same way', async () => {
    const request = (name: string, overrides: Partial<CreatePaymentIntentRequest> = {}) =>
      intentRequest({ id: name }, { checkIn, checkOut }, { guests, ...overrides });
    const releaseHolds = (home: Home) =>
      t.db
        .update(stays)
        .set({ status: 'released' })
        .where(and(eq(stays.propertyId, home.id), eq(stays.kind, 'hold')));

    for (const home of homes) {
      // A wrong amount: the same refusal with the server's total, and nothing held.
      const refusal = await expectSameForEveryName(home, (name) => postIntent(t.app, request(name, { amount: 1 })));
      expect(refusal.status, home.propertyId).toBe(409);
      const { amount } = refusal.body as { amount: number };
      expect(amount).toBeGreaterThan(1);

      // The right amount: the same priced intent under each name (its hold released in between).
      const priced = [];
      for (const name of namesOf(home)) {
        const answer = await postIntent(t.app, request(name, { amount }));
        expect(answer.status, `${home.propertyId} as ${name}: ${JSON.stringify(answer.body)}`).toBe(200);
        const { amount: charged, currency, breakdown } = answer.body;
        priced.push({ charged, currency, breakdown });
        await releaseHolds(home);
      }
      expect(priced[1]).toEqual(priced[0]);
      expect(priced[2]).toEqual(priced[0]);

      // Nights held by another guest: the same "no longer available" under each name.
      expect((await postIntent(t.app, request(home.slug, { amount }))).status).toBe(200);
      const taken = await expectSameForEveryName(home, (name) => postIntent(t.app, request(name, { amount })));
      expect(taken.status, home.propertyId).toBe(409);
      await releaseHolds(home);
    }
  });

  it('blocks dates for staff under any name', async () => {
    const home = homes[0]!;
    const names = [home.id.toUpperCase(), home.propertyId.toLowerCase(), home.slug];
    for (const [i, name] of names.entries()) {
      const night = addDays(checkIn, 30 + i * 3);
      const response = await staffApp.inject({
        method: 'PUT',
        url: `/api/calendar/block-dates?propertyId=${encodeURIComponent(name)}`,
        headers: { authorization: `Bearer ${staffKey}` },
        payload: { dates: [night] },
      });
      expect(response.statusCode, name).toBe(200);
      const calendar = await call('GET', `/api/properties/${home.id}/calendar?from=${night}&to=${addDays(night, 1)}`);
      expect(calendar.body, name).toMatchObject({ unavailable: [night] });
    }
  });

  it('answers 404 "Property not found" for a name that is no home, never 400 or 500', async () => {
    const unknown = ['SAS-0000', 'no-such-home-anywhere', '3b241101-e2bb-4255-8caf-4136c566a962', '!!!'];
    for (const name of unknown) {
      const answers = [
        await call('GET', `/api/properties/search/${encodeURIComponent(name)}`),
        await call('GET', `/api/properties/${encodeURIComponent(name)}/nearby-places`),
        await call('POST', `/api/properties/${encodeURIComponent(name)}/quote`, {
          checkin_date: checkIn,
          checkout_date: checkOut,
          guests,
        }),
        await call('GET', `/api/properties/${encodeURIComponent(name)}/calendar`),
        await postIntent(t.app, intentRequest({ id: name }, { checkIn, checkOut }, { guests })),
      ];
      for (const answer of answers) {
        expect(answer, name).toEqual({ status: 404, body: { message: 'Property not found' } });
      }
    }
  });
});

describe('a slug built by the literal slug rule', () => {
  it('finds its home, for every seeded home', async () => {
    const literal = homes.map((home) => ({ home, slug: literalSpecSlug(home.publicName ?? home.name) }));
    // The rule differs from ours for the seeded Ski-in/Ski-out homes, at least.
    expect(literal.filter(({ home, slug }) => slug !== home.slug).length).toBeGreaterThanOrEqual(2);
    for (const { home, slug } of literal) {
      const details = await call('GET', `/api/properties/search/${encodeURIComponent(slug)}`);
      expect(details.status, slug).toBe(200);
      expect(details.body, slug).toMatchObject({ id: home.id, slug: home.slug });
      const quote = await call('POST', `/api/properties/${encodeURIComponent(slug)}/quote`, {
        checkin_date: checkIn,
        checkout_date: checkOut,
        guests,
      });
      expect(quote.status, slug).toBe(200);
    }
  });
});
