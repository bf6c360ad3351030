import { nearbyPlaces, propertyCollections, reviews } from '@sas/db/schema';
import { insertProperty } from '@sas/db/testing';
import {
  averageRating,
  collectionNames,
  formatReviewDate,
  isReviewHidden,
  maxPageSize,
  nearbyPlaceSchema,
  propertyCardListSchema,
  propertyDetailsSchema,
  visibleReviews,
  type CollectionName,
  type PropertyCard,
  type PropertyDetails,
} from '@sas/domain';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  // Every header but the clock's: two answers a second apart are the same answer.
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.json<unknown>() };
}

async function listCollection(collection: CollectionName, query = ''): Promise<PropertyCard[]> {
  const { status, body } = await get(`/api/properties/collection/${collection}${query}`);
  expect(status).toBe(200);
  return propertyCardListSchema.parse(body);
}

/** A seeded home, found the way the browser finds one: through a collection. */
async function someHome(): Promise<PropertyCard> {
  for (const collection of collectionNames) {
    const [card] = await listCollection(collection);
    if (card) return card;
  }
  throw new Error('the test catalogue has no homes');
}

async function details(ref: string): Promise<PropertyDetails> {
  const { status, body } = await get(`/api/properties/search/${ref}`);
  expect(status).toBe(200);
  return propertyDetailsSchema.parse(body);
}

const errorBody = z.object({ message: z.string().min(1) }).strict();

describe('GET /api/properties/search/:idOrSlugValue', () => {
  it('finds the same home by slug and by UUID', async () => {
    const card = await someHome();
    const bySlug = await details(card.slug);
    const byId = await details(card.id);
    expect(byId).toEqual(bySlug);
    expect(bySlug.id).toBe(card.id);
    // Upper-case UUIDs and slugs typed by hand lead to the same home.
    expect((await details(card.id.toUpperCase())).id).toBe(card.id);
    expect((await details(encodeURIComponent(card.slug.toUpperCase()))).id).toBe(card.id);
  });

  it('answers with the field names of the spec', async () => {
    const card = await someHome();
    const { body } = await get(`/api/properties/search/${card.slug}`);
    expect(body).toEqual(
      expect.objectContaining({
        id: card.id,
        propertyId: expect.any(String) as unknown,
        public_name: card.public_name,
        name: expect.any(String) as unknown,
        summary: expect.any(String) as unknown,
        description: expect.any(String) as unknown,
        bedrooms: expect.any(Number) as unknown,
        bathrooms: expect.any(Number) as unknown,
        garages: expect.any(Number) as unknown,
        area: expect.any(Number) as unknown,
        city: expect.any(String) as unknown,
        state: expect.any(String) as unknown,
        country: expect.any(String) as unknown,
        pictureUrl: expect.any(String) as unknown,
        images: expect.any(Array) as unknown,
        amenities: expect.any(Array) as unknown,
        nearbyPlaces: expect.any(Array) as unknown,
        reviewsData: expect.any(Array) as unknown,
        reviews: expect.any(Number) as unknown,
        coordinates: { lat: expect.any(Number) as unknown, lng: expect.any(Number) as unknown },
      }),
    );
    const home = propertyDetailsSchema.parse(body);
    expect(Object.keys(home).sort()).toEqual(Object.keys(propertyDetailsSchema.shape).sort());
    const first = home.photos[0];
    if (first) {
      expect(home.pictureUrl).toBe(`/media/${first.key}-960.webp`);
      expect(home.images).toEqual(home.photos.map((p) => `/media/${p.key}-1600.webp`));
    }
    expect(home.collections.length).toBeGreaterThan(0);
    for (const place of home.nearbyPlaces) {
      expect(place.photoUrl === null || /^\/media\/.+-480\.webp$/.test(place.photoUrl)).toBe(true);
    }
  });

  it('never serves hidden reviews, and counts and rates only the visible ones', async () => {
    const card = await someHome();
    // A review the rules hide (blocked guest name) next to whatever the seed holds.
    await t.db.insert(reviews).values({
      id: 'server-test-hidden-review',
      propertyId: card.id,
      guestName: 'Spamworth Tester',
      platform: 'Airbnb',
      rating: 1,
      reviewText: 'This review must never be shown.',
      reviewedAtDate: '2025-01-02',
    });
    // Written straight to the database: let this app hear of it before reading through its caches.
    await t.app.cacheBus.sync();
    const stored = await t.db.select().from(reviews).where(eq(reviews.propertyId, card.id));
    const visible = visibleReviews(stored);
    expect(visible.length).toBeLessThan(stored.length);

    const home = await details(card.slug);
    const servedIds = home.reviewsData.map((r) => r.id);
    expect(servedIds).not.toContain('server-test-hidden-review');
    expect(servedIds.sort()).toEqual(visible.map((r) => r.id).sort());
    expect(home.reviews).toBe(visible.length);
    expect(home.rating).toBe(averageRating(visible.map((r) => r.rating)));
    for (const review of home.reviewsData) {
      expect(review.reviewedAtFormatted).toBe(formatReviewDate(review.reviewedAtDate));
    }
    // The card in a listing agrees with the details page.
    const cards = await Promise.all(home.collections.map((c) => listCollection(c)));
    const listed = cards.flat().find((c) => c.id === card.id);
    expect(listed).toMatchObject({ reviews: home.reviews, rating: home.rating });
  });

  it('serves none of the seeded reviews that the rules hide', async () => {
    const hidden = t.catalog.reviews.filter((r) =>
      isReviewHidden({
        id: r.id,
        guestName: r.guestName ?? null,
        rating: r.rating,
        reviewText: r.reviewText,
        reviewedAtDate: r.reviewedAtDate ?? null,
      }),
    );
    expect(hidden.length).toBeGreaterThan(0);
    for (const homeId of new Set(hidden.map((r) => r.propertyId))) {
      const home = await details(homeId);
      const served = new Set(home.reviewsData.map((r) => r.id));
      for (const review of hidden.filter((r) => r.propertyId === homeId)) {
        expect(served.has(review.id), review.id).toBe(false);
      }
      expect(JSON.stringify(home)).not.toContain('Spamworth');
    }
  });

  it('serves only allow-listed tour and booking-frame URLs, an embed code reduced to its src', async () => {
    const untrusted = await insertProperty(t.db, {
      matterportUrl: 'https://my.matterport.com.evil.test/show/?m=abc',
      bookingWidgetUrl: 'javascript:alert(document.cookie)',
    });
    expect(await details(untrusted.slug)).toMatchObject({ matterportUrl: null, bookingWidgetUrl: null });

    const embedded = await insertProperty(t.db, {
      matterportUrl: '<iframe width="853" src="https://my.matterport.com/show/?m=abc&amp;play=1"></iframe>',
      bookingWidgetUrl: "<iframe src='https://booking.summitandshore.example/widget/x' height='650'></iframe>",
    });
    expect(await details(embedded.slug)).toMatchObject({
      matterportUrl: 'https://my.matterport.com/show/?m=abc&play=1',
      bookingWidgetUrl: 'https://booking.summitandshore.example/widget/x',
    });

    // Every seeded tour and booking frame is on the allow-list and still served.
    for (const seeded of t.catalog.properties.filter((p) => p.matterportUrl || p.bookingWidgetUrl)) {
      const home = await details(seeded.slug);
      expect(home.matterportUrl === null).toBe(!seeded.matterportUrl);
      expect(home.bookingWidgetUrl === null).toBe(!seeded.bookingWidgetUrl);
    }
  });

  it('says whether the primary renter must be over 25 and the security deposit in dollars, for booking step 2', async () => {
    const cabin = await insertProperty(t.db, { ageRestricted: true, depositCents: 750_50 });
    expect(await details(cabin.slug)).toMatchObject({ ageRestricted: true, depositAmount: 750.5 });
    const condo = await insertProperty(t.db);
    expect(await details(condo.id)).toMatchObject({ ageRestricted: false, depositAmount: 0 });
  });

  it('answers 404 "Property not found" for an unknown slug or UUID', async () => {
    for (const ref of ['no-such-home-anywhere', '3b241101-e2bb-4255-8caf-4136c566a962']) {
      const { status, body } = await get(`/api/properties/search/${ref}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Property not found' });
    }
  });
});

describe('GET /api/properties/collection/:collection', () => {
  it('lists every collection in its curated order with the card fields of the spec', async () => {
    for (const collection of collectionNames) {
      const response = await t.app.inject({ url: `/api/properties/collection/${collection}` });
      expect(response.statusCode).toBe(200);
      const cards = propertyCardListSchema.parse(response.json());
      const expected = await t.db
        .select({ id: propertyCollections.propertyId })
        .from(propertyCollections)
        .where(eq(propertyCollections.collection, collection))
        .orderBy(asc(propertyCollections.position), asc(propertyCollections.propertyId));
      expect(cards.map((c) => c.id)).toEqual(expected.map((e) => e.id));
      expect(response.headers['x-total-count']).toBe(String(expected.length));
      for (const card of cards) {
        for (const key of [
          'propertyId',
          'public_name',
          'name',
          'summary',
          'description',
          'bedrooms',
          'bathrooms',
          'pictureUrl',
          'reviews',
          'rating',
        ]) {
          expect(card).toHaveProperty(key);
        }
        if (card.photo) expect(card.pictureUrl).toBe(`/media/${card.photo.key}-960.webp`);
      }
    }
  });

  it('pages with page and size and reports the total in X-Total-Count', async () => {
    const collection = await fullestCollection();
    const all = await listCollection(collection);
    expect(all.length).toBeGreaterThanOrEqual(3);

    const first = await t.app.inject({ url: `/api/properties/collection/${collection}?page=0&size=2` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    expect(propertyCardListSchema.parse(first.json()).map((c) => c.id)).toEqual(all.slice(0, 2).map((c) => c.id));

    const second = await listCollection(collection, '?page=1&size=2');
    expect(second.map((c) => c.id)).toEqual(all.slice(2, 4).map((c) => c.id));

    // size alone starts at page 0; page alone uses the default page size of 12.
    expect((await listCollection(collection, '?size=1')).map((c) => c.id)).toEqual([all[0]?.id]);
    expect((await listCollection(collection, '?page=0')).length).toBe(Math.min(12, all.length));
    expect(await listCollection(collection, '?page=999&size=48')).toEqual([]);
    expect((await listCollection(collection, `?size=${maxPageSize}`)).length).toBe(Math.min(maxPageSize, all.length));
  });

  it('refuses a page size over the cap or a bad page with 400 and a clear message', async () => {
    const cases: [string, RegExp][] = [
      ['?size=49', /^size must be a whole number between 1 and 48$/],
      ['?size=0', /^size must be a whole number between 1 and 48$/],
      ['?size=2.5', /^size must be a whole number between 1 and 48$/],
      ['?page=-1', /^page must be a whole number between 0 and 10000$/],
      ['?page=abc', /^page must be a whole number between 0 and 10000$/],
      ['?page=1&page=2', /^page must be a whole number/],
      ['?page=-1&size=1000', /^page must be .*; size must be a whole number between 1 and 48$/],
      ['?sort=name', /^Unknown query parameter 'sort'\. Allowed: page, size\.$/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await get(`/api/properties/collection/resort${query}`);
      expect(status, query).toBe(400);
      expect(errorBody.parse(body).message, query).toMatch(message);
    }
  });

  it('answers 404 naming the valid collections for an unknown one', async () => {
    const { status, body } = await get('/api/properties/collection/penthouses');
    expect(status).toBe(404);
    expect(body).toEqual({
      message: "Unknown collection 'penthouses'. Choose one of essentials, resort, luxury, michigan.",
    });
  });
});

describe('GET /api/properties/:id/nearby-places', () => {
  it('lists the nearby places of a home', async () => {
    const card = await someHome();
    const { status, body } = await get(`/api/properties/${card.id}/nearby-places`);
    expect(status).toBe(200);
    const places = z.array(nearbyPlaceSchema).parse(body);
    const stored = await t.db
      .select()
      .from(nearbyPlaces)
      .where(eq(nearbyPlaces.propertyId, card.id))
      .orderBy(asc(nearbyPlaces.position), asc(nearbyPlaces.id));
    expect(places.map((p) => p.id)).toEqual(stored.map((s) => s.id));
    expect(places).toEqual((await details(card.id)).nearbyPlaces);
  });

  it('finds the home by slug and listing number as well', async () => {
    const card = await someHome();
    const byId = await get(`/api/properties/${card.id}/nearby-places`);
    expect(await get(`/api/properties/${card.slug}/nearby-places`)).toEqual(byId);
    expect(await get(`/api/properties/${card.propertyId}/nearby-places`)).toEqual(byId);
  });

  it('answers 404 for a UUID or a name that is no home', async () => {
    for (const ref of ['3b241101-e2bb-4255-8caf-4136c566a962', 'no-such-home-anywhere', 'SAS-0000']) {
      const { status, body } = await get(`/api/properties/${ref}/nearby-places`);
      expect(status, ref).toBe(404);
      expect(body).toEqual({ message: 'Property not found' });
    }
  });
});

describe('hostile input', () => {
  const refs = [
    '%25',
    '%2525',
    '%00',
    '%0A%0D',
    'a%2Fb',
    '..%2F..%2Fetc%2Fpasswd',
    encodeURIComponent("' OR '1'='1"),
    encodeURIComponent("x'; DROP TABLE properties; --"),
    encodeURIComponent('东京-别墅'),
    encodeURIComponent('🏔️-chalet'),
    encodeURIComponent('<script>alert(1)</script>'),
    'a'.repeat(99),
    'a'.repeat(5000),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '3B241101-E2BB-4255-8CAF-4136C566A962',
    '%E0%A4%A',
    '%',
    '%ZZ',
    'null',
    'undefined',
    '__proto__',
    'constructor',
  ];

  it('never answers 5xx, and every error is a JSON { message }', async () => {
    const urls = [
      ...refs.map((ref) => `/api/properties/search/${ref}`),
      ...refs.map((ref) => `/api/properties/${ref}/nearby-places`),
      ...refs.map((ref) => `/api/properties/collection/${ref}`),
      ...refs.map((ref) => `/api/properties/collection/resort?page=${ref}&size=${ref}`),
      `/api/properties/collection/resort?page=${'9'.repeat(400)}`,
      '/api/properties/collection/resort?page[]=1',
      '/api/properties/collection/resort?page[a]=1',
      '/api/properties/collection/resort?__proto__=1',
      '/api/properties/collection/resort?constructor=1',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      if (response.statusCode >= 400) {
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
        expect(errorBody.safeParse(response.json()).success, url).toBe(true);
      }
    }
    // The database still holds its homes: nothing was dropped or changed.
    const [row] = await t.db.select({ n: count() }).from(propertyCollections);
    expect(row?.n).toBeGreaterThan(0);
  });
});

async function fullestCollection(): Promise<CollectionName> {
  const sizes = await Promise.all(collectionNames.map(async (c) => ({ c, n: (await listCollection(c)).length })));
  const best = sizes.sort((a, b) => b.n - a.n)[0];
  if (!best) throw new Error('no collections');
  return best.c;
}
