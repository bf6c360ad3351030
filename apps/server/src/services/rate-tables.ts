// The rate tables of every home, kept in memory (ADR 018): what a quote, a
// calendar and the availability search need besides the taken nights. The
// whole set is read at once (homes, their regular rates and tax
// jurisdiction, every season: a few thousand rows for hundreds of homes) and
// read again after any change to those tables, which the cache bus reports
// from every process. Taken nights are never kept here: they are read live
// from the stays table on every request, so a cached answer can never offer
// a night that was taken after it was cached.
import {
  collectionDiscounts,
  properties,
  propertyCollections,
  propertyDiscounts,
  propertyRates,
  seasonalRates,
  propertyTaxLines,
  taxJurisdictions,
  regularRateColumns,
  seasonColumns,
  type Database,
} from '@sas/db';
import { discountsFromColumns, mergeDiscounts, type HomeDiscounts, type PropertyRef, type RateCard } from '@sas/domain';
import { asc, eq } from 'drizzle-orm';
import { inOrder } from '../lib/in-order.js';
import { createSnapshot, type CacheBus } from './cache-bus.js';
import { pickPropertyMatch, resolvePropertyRef } from './property-ref.js';

/** A home with what decides whether, and at what price, it can take a stay. */
export interface RatedHome {
  id: string;
  propertyId: string;
  slug: string;
  state: string;
  timeZone: string;
  maxGuests: number;
  petsAllowed: boolean;
  /** An unpublished home takes no quotes and shows no calendar (its public URLs answer 404). */
  published: boolean;
  /** Null while the home has no rates: it cannot be booked online. Seasons in date order. */
  rates: RateCard | null;
}

export interface RateSnapshot {
  /** Every home, rated or not. */
  homes: readonly RatedHome[];
  /** The home `ref` names, by resolvePropertyRef's rules; null when none. */
  resolve(ref: PropertyRef): RatedHome | null;
  /** The time zones of all homes, distinct. */
  timeZones: readonly string[];
}

export interface RateTables {
  /** The tables as they are now (from memory unless a change was heard). */
  current(): Promise<RateSnapshot>;
  /**
   * The home `ref` names. A name the snapshot does not know is looked up in
   * the database, and a home found there that the snapshot lacks (added a
   * moment ago, its notification still on its way) makes it read again.
   */
  find(ref: PropertyRef): Promise<RatedHome | null>;
  clear(): void;
}

/** A backstop only: changes are heard as they happen. */
export const rateTablesTtlMs = 10 * 60_000;

function group<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * Reads every home with its rates, seasons and automatic discounts (issue 26;
 * a home without its own takes its collections'): seven small queries.
 */
export async function loadRateSnapshot(db: Database): Promise<RateSnapshot> {
  // In turn: a transaction may read them (the twin, the demo year).
  const [homeRows, rateRows, seasonRows, discountRows, collectionRows, memberRows, taxRows] = await inOrder([
    db
      .select({
        id: properties.id,
        propertyId: properties.propertyId,
        slug: properties.slug,
        state: properties.state,
        timeZone: properties.timeZone,
        maxGuests: properties.maxGuests,
        petsAllowed: properties.petsAllowed,
        published: properties.published,
      })
      .from(properties),
    db
      .select({ propertyId: propertyRates.propertyId, ...regularRateColumns })
      .from(propertyRates)
      .innerJoin(taxJurisdictions, eq(taxJurisdictions.id, propertyRates.taxJurisdictionId)),
    db
      .select({ propertyId: seasonalRates.propertyId, ...seasonColumns })
      .from(seasonalRates)
      .orderBy(asc(seasonalRates.propertyId), asc(seasonalRates.startDate)),
    db.select().from(propertyDiscounts),
    db.select().from(collectionDiscounts),
    db
      .select({ propertyId: propertyCollections.propertyId, collection: propertyCollections.collection })
      .from(propertyCollections),
    db
      .select({
        propertyId: propertyTaxLines.propertyId,
        name: propertyTaxLines.name,
        jurisdiction: propertyTaxLines.jurisdiction,
        rateBps: propertyTaxLines.rateBps,
        cleaningTaxable: propertyTaxLines.cleaningTaxable,
        addOnsTaxable: propertyTaxLines.addOnsTaxable,
        exemptFromNights: propertyTaxLines.exemptFromNights,
      })
      .from(propertyTaxLines)
      .orderBy(asc(propertyTaxLines.propertyId), asc(propertyTaxLines.position)),
  ]);

  const ratesByHome = new Map(rateRows.map(({ propertyId, ...rates }) => [propertyId, rates]));
  const seasonsByHome = group(seasonRows, (row) => row.propertyId);
  const taxLinesByHome = group(taxRows, (row) => row.propertyId);
  const discountsByHome = new Map(discountRows.map((row) => [row.propertyId, discountsFromColumns(row)]));
  const byCollection = new Map(collectionRows.map((row) => [row.collection, discountsFromColumns(row)]));
  const collectionsOfHome = group(memberRows, (row) => row.propertyId);
  const discountsOf = (homeId: string): HomeDiscounts | undefined =>
    discountsByHome.get(homeId) ??
    mergeDiscounts(
      (collectionsOfHome.get(homeId) ?? []).flatMap((row) => {
        const found = byCollection.get(row.collection);
        return found ? [found] : [];
      }),
    );
  const homes: RatedHome[] = homeRows.map((row) => {
    const rates = ratesByHome.get(row.id);
    const seasons = (seasonsByHome.get(row.id) ?? []).map(({ propertyId: _, ...season }) => season);
    const discounts = discountsOf(row.id);
    const taxLines = (taxLinesByHome.get(row.id) ?? []).map(({ propertyId: _, ...line }) => line);
    return { ...row, rates: rates ? { ...rates, seasons, taxLines, ...(discounts ? { discounts } : {}) } : null };
  });

  const byId = new Map(homes.map((home) => [home.id, home]));
  const bySlug = new Map(homes.map((home) => [home.slug, home]));
  const byListing = new Map(homes.map((home) => [home.propertyId.toLowerCase(), home]));
  // The same candidates as the database lookup's `replace(slug, '-', '') = key`.
  const byVariant = group(homes, (home) => home.slug.replace(/-/g, ''));

  return {
    homes,
    timeZones: [...new Set(homes.map((home) => home.timeZone))],
    resolve(ref) {
      if (ref.kind === 'uuid') return byId.get(ref.id.toLowerCase()) ?? null;
      if (ref.slug === '') return null;
      const candidates = new Set<RatedHome>(byVariant.get(ref.slug.replace(/-/g, '')) ?? []);
      const slugMatch = bySlug.get(ref.slug);
      const listingMatch = byListing.get(ref.slug);
      if (slugMatch) candidates.add(slugMatch);
      if (listingMatch) candidates.add(listingMatch);
      const picked = pickPropertyMatch([...candidates], ref.slug);
      return picked ? (byId.get(picked.id) ?? null) : null;
    },
  };
}

export function createRateTables(
  db: Database,
  { bus, ttlMs = rateTablesTtlMs }: { bus: CacheBus; ttlMs?: number },
): RateTables {
  const snapshot = createSnapshot(() => loadRateSnapshot(db), {
    bus,
    // property_collections: a home's collections decide its discounts when it has none of its own.
    tables: [
      'properties',
      'property_collections',
      'property_rates',
      'seasonal_rates',
      'tax_jurisdictions',
      'property_tax_lines',
    ],
    ttlMs,
  });
  return {
    current: () => snapshot.get(),
    async find(ref) {
      const known = (await snapshot.get()).resolve(ref);
      if (known) return known;
      // Unknown names cost one indexed query, as they did before the cache.
      const inDatabase = await resolvePropertyRef(db, ref);
      if (!inDatabase) return null;
      let tables = await snapshot.get();
      const byId = (): RatedHome | null => tables.resolve({ kind: 'uuid', id: inDatabase.id });
      if (!byId()) {
        snapshot.clear();
        tables = await snapshot.get();
      }
      return byId();
    },
    clear: () => snapshot.clear(),
  };
}
