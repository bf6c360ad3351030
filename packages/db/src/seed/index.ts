// Seed data for the embedded default database: the catalogue of homes. Their
// photos are drawn and written by @sas/demo-media (the server calls its
// ensureMedia after seeding), so this package never loads sharp.
import { count, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { properties, propertyRates } from '../schema.js';
import { type SeedOptions, buildSeedCatalog } from './catalog.js';
import { insertSeedCatalog, insertSeedRates } from './insert.js';

export { buildSeedCatalog, type SeedCatalog, type SeedOptions } from './catalog.js';
export { insertSeedCatalog, insertSeedRates } from './insert.js';
export { buildScaleCatalog, seedScaleCatalog, type ScaleCatalog, type ScaleOptions } from './scale.js';
export { seasonYearsAt, seedTaxJurisdictions, seedTaxLines, type SeasonYears } from './rates.js';
export {
  demoHistoryDays,
  planDemoHistory,
  type DemoBooking,
  type DemoGuest,
  type DemoHistory,
  type DemoHome,
  type DemoInquiry,
  type DemoOwnerBlock,
  type DemoParty,
  type DemoReview,
} from './demo-history.js';

/** Serialises seeding across processes sharing one PostgreSQL (any fixed number works). */
const seedLockKey = 7_205_114_032;

export interface SeedResult {
  /** Whether this call inserted the catalogue (false when homes already existed). */
  seeded: boolean;
  /** Number of homes in the database afterwards. */
  properties: number;
}

/**
 * Seeds an empty database in one transaction. Safe to call on every start: a
 * database that already has homes is left alone (except that one seeded
 * before rates existed gets the seeded homes' rates). The advisory lock
 * makes two processes starting together seed only once. `now` (default: now)
 * dates the rate seasons: last year to five years ahead.
 */
export async function seedIfEmpty(db: Database, opts: SeedOptions = {}): Promise<SeedResult> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ n: count() }).from(properties);
    if ((existing?.n ?? 0) > 0) {
      const [priced] = await tx.select({ n: count() }).from(propertyRates);
      if ((priced?.n ?? 0) === 0) {
        const homes = await tx.select({ id: properties.id }).from(properties);
        await insertSeedRates(tx, buildSeedCatalog(opts), new Set(homes.map((h) => h.id)));
      }
      return false;
    }
    await insertSeedCatalog(tx, buildSeedCatalog(opts));
    return true;
  });
  const [row] = await db.select({ n: count() }).from(properties);
  return { seeded, properties: row?.n ?? 0 };
}
