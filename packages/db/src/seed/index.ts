// Seed data for the embedded default database: the catalogue of homes and,
// when a media directory is given, their generated photos.
import { count, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { properties } from '../schema.js';
import { insertSeedCatalog } from './insert.js';
import { ensureMedia } from './media.js';

export { buildSeedCatalog, type SeedCatalog } from './catalog.js';
export { insertSeedCatalog } from './insert.js';
export { ensureMedia, renderScene, type EnsureMediaResult, type RenderedPhoto } from './media.js';
export { sceneKeys } from './scenes.js';

/** Serialises seeding across processes sharing one PostgreSQL (any fixed number works). */
const seedLockKey = 7_205_114_032;

export interface SeedResult {
  /** Whether this call inserted the catalogue (false when homes already existed). */
  seeded: boolean;
  /** Number of homes in the database afterwards. */
  properties: number;
}

/**
 * Seeds an empty database in one transaction, then (with mediaDir) makes
 * sure every photo file exists. Safe to call on every start: a database that
 * already has homes is left alone, and existing photos are not re-encoded.
 * The advisory lock makes two processes starting together seed only once.
 */
export async function seedIfEmpty(db: Database, opts: { mediaDir?: string } = {}): Promise<SeedResult> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ n: count() }).from(properties);
    if ((existing?.n ?? 0) > 0) return false;
    await insertSeedCatalog(tx);
    return true;
  });
  if (opts.mediaDir) await ensureMedia(opts.mediaDir);
  const [row] = await db.select({ n: count() }).from(properties);
  return { seeded, properties: row?.n ?? 0 };
}
