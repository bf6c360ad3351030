// Writing the seed catalogue, kept apart from the photo renderer so test
// helpers can seed rows without loading sharp.
import type { Database } from '../client.js';
import { nearbyPlaces, properties, propertyCollections, reviews } from '../schema.js';
import { type SeedCatalog, buildSeedCatalog } from './catalog.js';

/** Inserts every row of the catalogue; the caller decides about transactions. */
export async function insertSeedCatalog(db: Database, catalog: SeedCatalog = buildSeedCatalog()): Promise<void> {
  await db.insert(properties).values(catalog.properties);
  await db.insert(propertyCollections).values(catalog.propertyCollections);
  await db.insert(nearbyPlaces).values(catalog.nearbyPlaces);
  await db.insert(reviews).values(catalog.reviews);
}
