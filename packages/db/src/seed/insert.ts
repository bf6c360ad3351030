// Writing the seed catalogue into the tables, for seedIfEmpty and for the test
// helpers that seed rows of their own.
import type { Database } from '../client.js';
import {
  nearbyPlaces,
  properties,
  propertyCollections,
  propertyRates,
  propertyTaxLines,
  reviews,
  seasonalRates,
  taxJurisdictions,
} from '../schema.js';
import { type SeedCatalog, buildSeedCatalog } from './catalog.js';

/** Inserts every row of the catalogue; the caller decides about transactions. */
export async function insertSeedCatalog(db: Database, catalog: SeedCatalog = buildSeedCatalog()): Promise<void> {
  await db.insert(properties).values(catalog.properties);
  await db.insert(propertyCollections).values(catalog.propertyCollections);
  await db.insert(nearbyPlaces).values(catalog.nearbyPlaces);
  await db.insert(reviews).values(catalog.reviews);
  await insertSeedRates(db, catalog);
}

/**
 * Tax jurisdictions, rates and seasons of the catalogue, for every home or
 * only those in `propertyIds` (a database seeded before rates existed gets
 * the rates of the seeded homes it still has).
 */
export async function insertSeedRates(db: Database, catalog: SeedCatalog, propertyIds?: ReadonlySet<string>): Promise<void> {
  const wanted = (row: { propertyId: string }): boolean => propertyIds === undefined || propertyIds.has(row.propertyId);
  const rates = catalog.propertyRates.filter(wanted);
  const seasons = catalog.seasonalRates.filter(wanted);
  const taxLines = catalog.propertyTaxLines.filter(wanted);
  await db.insert(taxJurisdictions).values(catalog.taxJurisdictions).onConflictDoNothing();
  if (rates.length > 0) await db.insert(propertyRates).values(rates);
  if (seasons.length > 0) await db.insert(seasonalRates).values(seasons);
  // A home may keep lines its rates lost (or staff set): those stay.
  if (taxLines.length > 0) await db.insert(propertyTaxLines).values(taxLines).onConflictDoNothing();
}
