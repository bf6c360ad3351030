import { sceneKeys } from '@sas/demo-media';
import { addDays, slugVariantKey } from '@sas/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDateRange } from '../ranges.js';
import { properties, propertyRates, seasonalRates, stays } from '../schema.js';
import { type TestDatabase, createTestDatabase } from '../testing.js';
import { buildSeedCatalog } from './catalog.js';
import { buildScaleCatalog, seedScaleCatalog } from './scale.js';

const seededAt = new Date('2031-05-20T12:00:00Z');
const baseHomes = buildSeedCatalog({ now: seededAt }).properties;

describe('buildScaleCatalog', () => {
  const big = buildScaleCatalog({ homes: 120, stays: 4_800, now: seededAt });

  it('is the same catalogue every time for the same day', () => {
    expect(buildScaleCatalog({ homes: 120, stays: 4_800, now: seededAt })).toEqual(big);
  });

  it('cuts the seeded homes to the first ones when asked for fewer', () => {
    const small = buildScaleCatalog({ homes: 10, stays: 0, now: seededAt });
    expect(small.properties).toEqual(baseHomes.slice(0, 10));
    const ids = new Set(small.properties.map((p) => p.id));
    for (const row of [...small.propertyRates, ...small.seasonalRates, ...small.reviews, ...small.nearbyPlaces]) {
      expect(ids.has(row.propertyId)).toBe(true);
    }
    expect(small.stays).toEqual([]);
  });

  it('adds copies with their own ids, listing numbers and slugs, rates and the seed photos', () => {
    expect(big.properties).toHaveLength(120);
    expect(big.properties.slice(0, baseHomes.length)).toEqual(baseHomes);
    for (const key of ['id', 'propertyId', 'slug'] as const) {
      expect(new Set(big.properties.map((p) => p[key])).size).toBe(120);
    }
    expect(new Set(big.properties.map((p) => slugVariantKey(p.slug))).size).toBe(120);
    expect(big.propertyRates).toHaveLength(120);
    const photos = new Set(sceneKeys);
    for (const home of big.properties) {
      expect(big.seasonalRates.some((s) => s.propertyId === home.id)).toBe(true);
      for (const image of home.images) expect(photos.has(image.key)).toBe(true);
    }
    expect(new Set(big.reviews.map((r) => r.id)).size).toBe(big.reviews.length);
  });

  it('spreads the stays evenly over the homes and the coming year, never two on one night of a home', () => {
    expect(big.stays).toHaveLength(4_800);
    const today = seededAt.toISOString().slice(0, 10);
    const byHome = new Map<string, typeof big.stays>();
    for (const stay of big.stays) byHome.set(stay.propertyId, [...(byHome.get(stay.propertyId) ?? []), stay]);
    expect(byHome.size).toBe(120);
    for (const rows of byHome.values()) {
      expect(rows).toHaveLength(40);
      const ranges = rows.map((r) => fromDateRange(r.nights)).sort((a, b) => a.checkIn.localeCompare(b.checkIn));
      expect(ranges[0]!.checkIn > today).toBe(true);
      expect(ranges.at(-1)!.checkOut <= addDays(today, 366)).toBe(true);
      for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.checkIn >= ranges[i - 1]!.checkOut).toBe(true);
    }
    expect(big.stays.some((s) => s.kind === 'owner_block')).toBe(true);
  });

  it('refuses more stays than a year of nights holds', () => {
    expect(() => buildScaleCatalog({ homes: 1, stays: 200, now: seededAt })).toThrow(RangeError);
  });
});

describe('seedScaleCatalog', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('writes every row into an empty database', async () => {
    expect(await seedScaleCatalog(t.db, { homes: 60, stays: 2_400, now: seededAt })).toEqual({
      homes: 60,
      stays: 2_400,
    });
    const [homes] = await t.db.select({ n: count() }).from(properties);
    const [rates] = await t.db.select({ n: count() }).from(propertyRates);
    const [seasons] = await t.db.select({ n: count() }).from(seasonalRates);
    const [taken] = await t.db.select({ n: count() }).from(stays);
    expect({ homes: homes?.n, rates: rates?.n, taken: taken?.n }).toEqual({ homes: 60, rates: 60, taken: 2_400 });
    expect(seasons?.n).toBe(buildScaleCatalog({ homes: 60, stays: 0, now: seededAt }).seasonalRates.length);
  });
});
