// A catalogue of any size for `npm run bench`: the seeded homes (cut to the
// first N, or followed by copies of them with their own names, slugs, prices
// and listing numbers) and reservations and owner blocks over the coming year.
// Copies reuse their original's photos (media keys), so no image is rendered.
// Pure and deterministic: the same options and day give the same rows.
import { createRandom } from '@sas/demo-media';
import { addDays, distinctSlug, propertySlug, slugVariantKey } from '@sas/domain';
import type { Database } from '../client.js';
import { toDateRange } from '../ranges.js';
import {
  nearbyPlaces,
  properties,
  propertyCollections,
  propertyRates,
  reviews,
  seasonalRates,
  propertyTaxLines,
  stays,
  taxJurisdictions,
} from '../schema.js';
import { type SeedCatalog, type SeedOptions, buildSeedCatalog } from './catalog.js';
import { seedUuid } from './seed-uuid.js';

export interface ScaleOptions extends SeedOptions {
  /** Homes in the catalogue: the first seeded homes, then numbered copies of them in turn. */
  homes: number;
  /**
   * Rows of the stays table (reservations and some owner blocks) spread evenly
   * over the homes and over the 365 nights after `now`, never overlapping in a
   * home. At most 182 per home.
   */
  stays: number;
}

type StayRow = typeof stays.$inferInsert;

export interface ScaleCatalog extends SeedCatalog {
  stays: StayRow[];
}

/** Nights a stay of the scale catalogue can fall on: the year after the seeding day. */
const yearNights = 365;

/** Whole dollars rounded to $5, as cents, after scaling cents by `factor`. */
function scaleCents(cents: number, factor: number): number {
  return Math.round((cents * factor) / 500) * 500;
}

/** The seeded homes cut to the first `count`, with only their rows. */
function firstHomes(base: SeedCatalog, count: number): SeedCatalog {
  const kept = new Set(base.properties.slice(0, count).map((p) => p.id));
  const mine = (row: { propertyId: string }): boolean => kept.has(row.propertyId);
  return {
    properties: base.properties.filter((p) => kept.has(p.id)),
    propertyCollections: base.propertyCollections.filter(mine),
    nearbyPlaces: base.nearbyPlaces.filter(mine),
    reviews: base.reviews.filter(mine),
    taxJurisdictions: base.taxJurisdictions,
    propertyRates: base.propertyRates.filter(mine),
    seasonalRates: base.seasonalRates.filter(mine),
    propertyTaxLines: base.propertyTaxLines.filter(mine),
  };
}

/** Appends `count` copies of the seeded homes (copy 2 of each, then copy 3, ...). */
function addCopies(catalog: SeedCatalog, base: SeedCatalog, count: number): void {
  const slugKeys = new Set(catalog.properties.map((p) => slugVariantKey(p.slug)));
  const positions = new Map<string, number>();
  for (const row of catalog.propertyCollections) {
    positions.set(row.collection, Math.max(positions.get(row.collection) ?? 0, row.position + 1));
  }
  for (let n = 0; n < count; n++) {
    const source = base.properties[n % base.properties.length];
    if (!source?.id) throw new Error('The seed catalogue has no homes to copy');
    const copy = Math.floor(n / base.properties.length) + 2;
    const rng = createRandom(`scale:${source.propertyId}:${copy}`);
    const id = seedUuid(`scale:${source.propertyId}:${copy}`);
    const name = `${source.name} ${copy}`;
    const publicName = source.publicName ? `${source.publicName} ${copy}` : null;
    const slug = distinctSlug(propertySlug({ public_name: publicName, name }), slugKeys);
    slugKeys.add(slugVariantKey(slug));
    catalog.properties.push({
      ...source,
      id,
      // Listing numbers after the hand-written homes' SAS-10xx.
      propertyId: `SAS-${5001 + n}`,
      slug,
      name,
      publicName,
      latitude: source.latitude + rng.float(-0.01, 0.01),
      longitude: source.longitude + rng.float(-0.01, 0.01),
      createdAt: new Date(Date.UTC(2025, 0, 1 + (n % 365))),
      updatedAt: new Date(Date.UTC(2025, 0, 1 + (n % 365))),
    });

    // Priced 15% below to 20% above the original, in $5 steps.
    const factor = 0.85 + rng.int(0, 7) * 0.05;
    const rates = base.propertyRates.find((r) => r.propertyId === source.id);
    if (rates) {
      catalog.propertyRates.push({
        ...rates,
        propertyId: id,
        nightlyCents: scaleCents(rates.nightlyCents, factor),
        weekendCents: scaleCents(rates.weekendCents, factor),
      });
    }
    for (const line of base.propertyTaxLines.filter((l) => l.propertyId === source.id)) {
      catalog.propertyTaxLines.push({ ...line, propertyId: id });
    }
    for (const season of base.seasonalRates.filter((s) => s.propertyId === source.id)) {
      catalog.seasonalRates.push({
        ...season,
        id: seedUuid(`scale-season:${id}:${season.startDate}`),
        propertyId: id,
        nightlyCents: scaleCents(season.nightlyCents, factor),
        weekendCents: scaleCents(season.weekendCents, factor),
      });
    }
    for (const { collection } of base.propertyCollections.filter((c) => c.propertyId === source.id)) {
      const position = positions.get(collection) ?? 0;
      positions.set(collection, position + 1);
      catalog.propertyCollections.push({ propertyId: id, collection, position });
    }
    for (const place of base.nearbyPlaces.filter((p) => p.propertyId === source.id)) {
      catalog.nearbyPlaces.push({ ...place, id: seedUuid(`scale-nearby:${id}:${place.position}`), propertyId: id });
    }
    for (const review of base.reviews.filter((r) => r.propertyId === source.id)) {
      catalog.reviews.push({ ...review, id: `${review.id}-${copy}`, propertyId: id });
    }
  }
}

/**
 * `count` stays per home in turn (the first homes take the remainder), each
 * home's in their own slice of the year after `now`: 1 to 7 nights, about one
 * in seven an owner block.
 */
function staysFor(homeIds: readonly string[], total: number, now: Date): StayRow[] {
  const rows: StayRow[] = [];
  if (homeIds.length === 0 || total <= 0) return rows;
  const today = now.toISOString().slice(0, 10);
  const createdAt = new Date(`${today}T00:00:00Z`);
  const perHome = Math.floor(total / homeIds.length);
  const extra = total % homeIds.length;
  homeIds.forEach((propertyId, index) => {
    const count = perHome + (index < extra ? 1 : 0);
    if (count === 0) return;
    const slot = Math.floor(yearNights / count);
    if (slot < 2) {
      throw new RangeError(`${count} stays per home do not fit in a year; at most ${Math.floor(yearNights / 2)}`);
    }
    const rng = createRandom(`scale-stays:${propertyId}`);
    for (let j = 0; j < count; j++) {
      const nights = rng.int(Math.min(2, slot), Math.min(7, slot));
      const checkIn = addDays(today, 1 + j * slot + rng.int(0, slot - nights));
      const block = rng.chance(0.15);
      rows.push({
        id: seedUuid(`scale-stay:${propertyId}:${j}`),
        propertyId,
        nights: toDateRange(checkIn, addDays(checkIn, nights)),
        kind: block ? 'owner_block' : 'reservation',
        status: 'active',
        reason: block ? 'Owner stay' : null,
        createdAt,
      });
    }
  });
  return rows;
}

/** Every row of a catalogue of `homes` homes and `stays` stays; insertion is seedScaleCatalog's. */
export function buildScaleCatalog({ homes, stays: stayCount, now = new Date() }: ScaleOptions): ScaleCatalog {
  if (!Number.isInteger(homes) || homes < 1) throw new RangeError(`homes must be a whole number of at least 1, not ${homes}`);
  if (!Number.isInteger(stayCount) || stayCount < 0) throw new RangeError(`stays must be a whole number, not ${stayCount}`);
  const base = buildSeedCatalog({ now });
  const catalog = firstHomes(base, homes);
  addCopies(catalog, base, homes - catalog.properties.length);
  return {
    ...catalog,
    stays: staysFor(
      catalog.properties.map((p) => p.id),
      stayCount,
      now,
    ),
  };
}

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for every table here. */
const chunkSize = 1000;

async function insertInChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) await insert(rows.slice(i, i + chunkSize));
}

/**
 * Writes a scale catalogue into an empty, migrated database in one
 * transaction, a thousand rows per statement (500 homes and 20,000 stays take
 * a few seconds). Photos are not rendered: every home uses the seed's media
 * keys, which the server renders on start as usual.
 */
export async function seedScaleCatalog(db: Database, options: ScaleOptions): Promise<{ homes: number; stays: number }> {
  const catalog = buildScaleCatalog(options);
  await db.transaction(async (tx) => {
    await tx.insert(taxJurisdictions).values(catalog.taxJurisdictions).onConflictDoNothing();
    await insertInChunks(catalog.properties, (rows) => tx.insert(properties).values(rows));
    await insertInChunks(catalog.propertyCollections, (rows) => tx.insert(propertyCollections).values(rows));
    await insertInChunks(catalog.nearbyPlaces, (rows) => tx.insert(nearbyPlaces).values(rows));
    await insertInChunks(catalog.reviews, (rows) => tx.insert(reviews).values(rows));
    await insertInChunks(catalog.propertyRates, (rows) => tx.insert(propertyRates).values(rows));
    await insertInChunks(catalog.seasonalRates, (rows) => tx.insert(seasonalRates).values(rows));
    await insertInChunks(catalog.propertyTaxLines, (rows) => tx.insert(propertyTaxLines).values(rows));
    await insertInChunks(catalog.stays, (rows) => tx.insert(stays).values(rows));
  });
  return { homes: catalog.properties.length, stays: catalog.stays.length };
}
