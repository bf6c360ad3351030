import { sceneKeys } from '@sas/demo-media';
import { isReviewHidden, isUuid, parseDescription, slugify, slugVariantKey } from '@sas/domain';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { collections, nearbyPlaces, properties, propertyCollections, propertyRates, reviews, seasonalRates, stays, taxJurisdictions } from '../schema.js';
import { type TestDatabase, createTestDatabase, seedTestCatalog } from '../testing.js';
import { buildSeedCatalog, seasonYearsAt, seedIfEmpty, seedTaxLines } from './index.js';

async function dumpRows(db: Database) {
  return {
    properties: await db.select().from(properties).orderBy(asc(properties.propertyId)),
    propertyCollections: await db.select().from(propertyCollections).orderBy(asc(propertyCollections.collection), asc(propertyCollections.position)),
    nearbyPlaces: await db.select().from(nearbyPlaces).orderBy(asc(nearbyPlaces.id)),
    reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
    taxJurisdictions: await db.select().from(taxJurisdictions).orderBy(asc(taxJurisdictions.id)),
    propertyRates: await db.select().from(propertyRates).orderBy(asc(propertyRates.propertyId)),
    seasonalRates: await db.select().from(seasonalRates).orderBy(asc(seasonalRates.propertyId), asc(seasonalRates.startDate)),
  };
}

// The seed dates its rate seasons by the year it is written in; these tests
// write it on a fixed day, so they read the same in every year they run.
const seededAt = new Date('2031-05-20T12:00:00Z');

let a: TestDatabase;
let b: TestDatabase;
let rowsA: Awaited<ReturnType<typeof dumpRows>>;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  const first = await seedIfEmpty(a.db, { now: seededAt });
  expect(first).toEqual({ seeded: true, properties: homesCount() });
  await seedTestCatalog(b.db, { now: seededAt });
  rowsA = await dumpRows(a.db);
});
afterAll(async () => {
  await Promise.all([a.cleanup(), b.cleanup()]);
});

function homesCount(): number {
  return buildSeedCatalog().properties.length;
}

const visible = (r: (typeof rowsA.reviews)[number]) =>
  !isReviewHidden({ id: r.id, guestName: r.guestName, rating: r.rating, reviewText: r.reviewText, reviewedAtDate: r.reviewedAtDate });

describe('seedIfEmpty', () => {
  it('writes identical rows into two fresh databases', async () => {
    expect(await dumpRows(b.db)).toEqual(rowsA);
  });

  it('leaves a database that already has homes alone', async () => {
    expect(await seedIfEmpty(a.db, { now: seededAt })).toEqual({ seeded: false, properties: rowsA.properties.length });
    expect((await dumpRows(a.db)).reviews).toHaveLength(rowsA.reviews.length);
  });

  it('gives the seeded homes of a database seeded before rates existed their rates', async () => {
    const old = await createTestDatabase();
    try {
      await seedTestCatalog(old.db, { now: seededAt });
      await old.db.delete(seasonalRates);
      await old.db.delete(propertyRates);
      await old.db.delete(taxJurisdictions);
      expect(await seedIfEmpty(old.db, { now: seededAt })).toEqual({ seeded: false, properties: rowsA.properties.length });
      const after = await dumpRows(old.db);
      expect(after.propertyRates).toEqual(rowsA.propertyRates);
      expect(after.seasonalRates).toEqual(rowsA.seasonalRates);
    } finally {
      await old.cleanup();
    }
  });
});

describe('seed catalogue', () => {
  it('has at least 24 homes in all four collections, with some in two', () => {
    expect(rowsA.properties.length).toBeGreaterThanOrEqual(24);
    const byCollection = new Map<string, number>();
    for (const m of rowsA.propertyCollections) byCollection.set(m.collection, (byCollection.get(m.collection) ?? 0) + 1);
    for (const c of collections) expect(byCollection.get(c) ?? 0, c).toBeGreaterThanOrEqual(6);
    const memberships = new Map<string, number>();
    for (const m of rowsA.propertyCollections) memberships.set(m.propertyId, (memberships.get(m.propertyId) ?? 0) + 1);
    expect([...memberships.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(2);
    expect(memberships.size).toBe(rowsA.properties.length);
  });

  it('puts Colorado homes in Denver time and Michigan homes in Detroit time', () => {
    const michiganIds = new Set(rowsA.propertyCollections.filter((m) => m.collection === 'michigan').map((m) => m.propertyId));
    for (const p of rowsA.properties) {
      if (michiganIds.has(p.id)) expect([p.state, p.timeZone]).toEqual(['MI', 'America/Detroit']);
      else expect([p.city, p.state, p.timeZone]).toEqual(['Breckenridge', 'CO', 'America/Denver']);
    }
  });

  it('gives every home valid ids, a unique slug from its public name or name, and full details', () => {
    const slugs = new Set<string>();
    // Unique even with the dashes removed: a literal-rule variant of a slug names one home.
    const slugKeys = new Set<string>();
    for (const p of rowsA.properties) {
      expect(isUuid(p.id), p.id).toBe(true);
      expect(p.propertyId).toMatch(/^SAS-\d{4}$/);
      expect(p.slug).toBe(slugify(p.publicName ?? p.name));
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      slugs.add(p.slug);
      slugKeys.add(slugVariantKey(p.slug));
      expect(p.images.length).toBeGreaterThanOrEqual(8);
      expect(p.images.length).toBeLessThanOrEqual(14);
      for (const img of p.images) {
        expect(sceneKeys).toContain(img.key);
        expect(img).toMatchObject({ width: 1600, height: 1067 });
        expect(img.alt.length).toBeGreaterThan(10);
      }
      expect(new Set(p.images.map((i) => i.key)).size).toBe(p.images.length);
      expect(p.images[0]?.key).toMatch(/^exterior-/);
      expect(p.amenities.length).toBeGreaterThanOrEqual(15);
      expect(p.amenities.length).toBeLessThanOrEqual(30);
      expect(parseDescription(p.description).length).toBeGreaterThanOrEqual(4);
      expect(p.bedrooms).toBeGreaterThanOrEqual(1);
      expect(p.bedrooms).toBeLessThanOrEqual(7);
    }
    expect(slugs.size).toBe(rowsA.properties.length);
    expect(slugKeys.size).toBe(rowsA.properties.length);
    expect(rowsA.properties.filter((p) => p.publicName === null).length).toBeGreaterThanOrEqual(2);
    expect(rowsA.properties.some((p) => p.summary.length > 120)).toBe(true);
    expect(rowsA.properties.some((p) => parseDescription(p.description).some((block) => block.bullets.length >= 4))).toBe(true);
    expect(rowsA.properties.some((p) => p.petsAllowed)).toBe(true);
    expect(rowsA.properties.some((p) => !Number.isInteger(p.bathrooms))).toBe(true);
  });

  it('has 4 to 6 nearby places with photos for every home', () => {
    for (const p of rowsA.properties) {
      const places = rowsA.nearbyPlaces.filter((n) => n.propertyId === p.id);
      expect(places.length, p.propertyId).toBeGreaterThanOrEqual(4);
      expect(places.length, p.propertyId).toBeLessThanOrEqual(6);
      for (const n of places) {
        expect(isUuid(n.id)).toBe(true);
        expect(sceneKeys).toContain(n.photoKey);
        expect(n.distance).toMatch(/^\d+(\.\d)? mi$/);
      }
    }
  });

  it('has 6 to 20 reviews per home, except a few new homes with fewer than 6 visible', () => {
    const few = rowsA.properties.filter((p) => rowsA.reviews.filter((r) => r.propertyId === p.id && visible(r)).length < 6);
    expect(few.length).toBeGreaterThanOrEqual(4);
    for (const p of rowsA.properties) {
      const all = rowsA.reviews.filter((r) => r.propertyId === p.id);
      expect(all.length).toBeLessThanOrEqual(20);
      if (!few.includes(p)) expect(all.filter(visible).length, p.propertyId).toBeGreaterThanOrEqual(6);
    }
    expect(new Set(rowsA.reviews.map((r) => r.platform))).toEqual(new Set(['Airbnb', 'Vrbo', 'Google', 'Direct']));
    expect(new Set(rowsA.reviews.map((r) => r.rating)).size).toBeGreaterThanOrEqual(4);
    for (const rating of [4.5, 4.75, 5]) expect(rowsA.reviews.some((r) => r.rating === rating), String(rating)).toBe(true);
    for (const r of rowsA.reviews) expect(r.id).toMatch(/^rv-(\d{4}|blk-00[1-7])$/);
  });

  it('contains every review case the display rules must handle', () => {
    const ids = rowsA.reviews.map((r) => r.id);
    for (let n = 1; n <= 7; n++) expect(ids).toContain(`rv-blk-00${n}`);
    expect(rowsA.reviews.some((r) => r.guestName?.includes('Spamworth'))).toBe(true);
    expect(rowsA.reviews.some((r) => /wasp nest/i.test(r.reviewText) && /parking spot was taken/i.test(r.reviewText))).toBe(true);
    expect(rowsA.reviews.some((r) => r.reviewedAtDate === '09/03/2025' && r.rating === 4)).toBe(true);
    for (const date of ['25/12/2024', '7/4/98', '3/15/24', '2025-06-14']) expect(rowsA.reviews.map((r) => r.reviewedAtDate)).toContain(date);
    expect(rowsA.reviews.some((r) => r.reviewedAtDate === null)).toBe(true);
    expect(rowsA.reviews.some((r) => r.guestName === null)).toBe(true);
    expect(rowsA.reviews.some((r) => r.guestName?.includes('Guest'))).toBe(true);
    // Each hiding rule is exercised, and a review that only mentions wasps stays visible.
    expect(rowsA.reviews.filter((r) => !visible(r)).length).toBe(10);
    expect(rowsA.reviews.some((r) => /wasp/i.test(r.reviewText) && visible(r))).toBe(true);
  });

  it('sets a virtual tour on several homes and a booking widget (URL and iframe) on two', () => {
    const tours = rowsA.properties.filter((p) => p.matterportUrl !== null);
    expect(tours.length).toBeGreaterThanOrEqual(5);
    for (const p of tours) expect(p.matterportUrl).toMatch(/^https:\/\/my\.matterport\.com\/show\/\?m=\w+$/);
    const widgets = rowsA.properties.map((p) => p.bookingWidgetUrl).filter((w) => w !== null);
    expect(widgets).toHaveLength(2);
    expect(widgets.some((w) => w.startsWith('https://booking.summitandshore.example/widget/'))).toBe(true);
    expect(widgets.some((w) => w.startsWith('<iframe src="https://booking.summitandshore.example/widget/'))).toBe(true);
  });
});

describe('seed rates', () => {
  const regionOf = (propertyId: string): 'mountain' | 'lake' =>
    rowsA.properties.find((p) => p.id === propertyId)?.state === 'MI' ? 'lake' : 'mountain';

  it('names two tax jurisdictions and prices every home with one of them', () => {
    expect(rowsA.taxJurisdictions.map((j) => [j.id, j.name])).toEqual([
      ['co-breckenridge', 'Breckenridge, CO lodging and sales tax'],
      ['mi-lakeshore', 'Michigan lakeshore lodging and use tax'],
    ]);
    for (const j of rowsA.taxJurisdictions) expect(j.rateBps).toBeGreaterThan(500);
    // The demo tax lines (issue 29) add up to each region's combined rate, so demo quotes kept their price.
    for (const j of rowsA.taxJurisdictions) {
      const region = j.id === 'mi-lakeshore' ? 'lake' : 'mountain';
      expect(seedTaxLines[region].reduce((sum, line) => sum + line.rateBps, 0)).toBe(j.rateBps);
    }
    expect(rowsA.propertyRates.map((r) => r.propertyId).sort()).toEqual(rowsA.properties.map((p) => p.id).sort());
    for (const r of rowsA.propertyRates) {
      expect(r.taxJurisdictionId).toBe(regionOf(r.propertyId) === 'lake' ? 'mi-lakeshore' : 'co-breckenridge');
      expect(r.nightlyCents % 500, 'whole $5 steps').toBe(0);
      expect(r.nightlyCents).toBeGreaterThanOrEqual(10_000);
      expect(r.weekendCents).toBeGreaterThan(r.nightlyCents);
      expect(r.cleaningFeeCents).toBeGreaterThan(0);
      expect(r.minStay).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(rowsA.propertyRates.map((r) => r.minStay)).size).toBeGreaterThan(1);
  });

  it('dates ski, holiday and summer seasons in Breckenridge and summers in Michigan for every seeded year', () => {
    const years = seasonYearsAt(seededAt);
    expect(years).toEqual({ first: 2030, last: 2036 });
    for (const home of rowsA.properties) {
      const seasons = rowsA.seasonalRates.filter((s) => s.propertyId === home.id);
      const rates = rowsA.propertyRates.find((r) => r.propertyId === home.id);
      for (let year = years.first; year <= years.last; year++) {
        const on = (date: string) => seasons.find((s) => s.startDate <= date && date < s.endDate);
        expect(on(`${year}-07-04`)?.name, `${home.propertyId} ${year}`).toBe('Summer');
        if (regionOf(home.id) === 'mountain') {
          expect(on(`${year}-02-10`)).toMatchObject({ name: 'Ski season', minStay: Math.max(3, rates?.minStay ?? 1) });
          expect(on(`${year}-12-05`)?.name).toBe('Ski season');
          expect(on(`${year}-12-25`)).toMatchObject({ name: 'Christmas & New Year', minStay: 4 });
          expect(on(`${year}-10-10`)).toBeUndefined();
        } else {
          expect(on(`${year}-02-10`)).toBeUndefined();
        }
      }
      for (const s of seasons) {
        expect(s.nightlyCents).toBeGreaterThan(rates?.nightlyCents ?? 0);
        expect(s.minStay).toBeGreaterThanOrEqual(rates?.minStay ?? 1);
      }
      // The database refuses overlapping seasons; sorted, each starts where or after the last ended.
      for (let i = 1; i < seasons.length; i++) expect(seasons[i]!.startDate >= seasons[i - 1]!.endDate).toBe(true);
    }
  });

  it('dates the seasons from last year to five years ahead of the year it is written in, the same all year', () => {
    const seasonsOf = (now: string) => buildSeedCatalog({ now: new Date(now) }).seasonalRates;
    const summers = (now: string) =>
      [...new Set(seasonsOf(now).filter((s) => s.name === 'Summer').map((s) => s.startDate))].sort();

    expect(summers('2031-05-20T12:00:00Z')).toEqual([2030, 2031, 2032, 2033, 2034, 2035, 2036].map((y) => `${y}-06-01`));
    expect(seasonsOf('2031-01-01T00:00:00Z')).toEqual(seasonsOf('2031-12-31T23:59:59Z'));
    expect(summers('2032-01-01T00:00:00Z')).toEqual([2031, 2032, 2033, 2034, 2035, 2036, 2037].map((y) => `${y}-06-01`));
    // Seeded in any year, the ski seasons run from the winter into last year to the one five years ahead.
    const skiStarts = seasonsOf('2045-07-01T00:00:00Z')
      .filter((s) => s.name === 'Ski season')
      .map((s) => s.startDate);
    expect(skiStarts).toContain('2045-12-01');
    expect(skiStarts).toContain('2050-12-01');
    expect(skiStarts.every((date) => date >= '2043-12-01' && date <= '2051-01-03')).toBe(true);

    // Only the seasons follow the year: every other row is the same.
    const { seasonalRates: _early, ...early } = buildSeedCatalog({ now: new Date('2031-05-20T12:00:00Z') });
    const { seasonalRates: _late, ...late } = buildSeedCatalog({ now: new Date('2045-07-01T00:00:00Z') });
    expect(late).toEqual(early);
  });

  it('seeds no stays: tests and staff create blocks and bookings', async () => {
    expect(await a.db.select().from(stays)).toEqual([]);
  });
});
