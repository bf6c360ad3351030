// Opens the database the app runs on: embedded PGlite by default, a PostgreSQL
// server when a URL is given. Both get the same schema and the same SQL
// migrations, applied here at open so a fresh DATA_DIR or server just works.
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of the database, as `db.transaction(async (tx) => ...)` hands it over. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a read runs on: the database itself or a transaction. */
export type Queryable = Pick<Database, 'select'>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Rows of a raw SQL query. `db.execute()` is typed `unknown` on the
 * driver-neutral Database, but both drivers answer with `{ rows }`.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQLWrapper): Promise<T[]> {
  const result = (await db.execute<T>(query)) as { rows: T[] };
  return result.rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** DATA_DIR; the embedded database lives in `${dataDir}/pglite`. */
  dataDir?: string;
  /** postgres://... : use this server instead of PGlite. */
  databaseUrl?: string;
}

/**
 * Resolved from the package rather than the working directory or this file,
 * so the server, the tests and scripts find the SQL wherever they are started
 * from, and the compiled server (one bundle in apps/server/dist, ADR 039) too.
 */
export const migrationsFolder = join(
  dirname(createRequire(import.meta.url).resolve('@sas/db/package.json')),
  'drizzle',
);

/**
 * Any fixed number shared by every process migrating one server: holding it
 * makes concurrent starts (several app instances, parallel test workers) apply
 * the migrations one after another instead of racing on the same DDL.
 */
const migrationLockKey = 7_205_114_031;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dataDir = opts.dataDir ?? './data';
  const dir = join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}

/** Extensions every PGlite instance needs: the exclusion constraint on stays uses btree_gist. */
export const pgliteExtensions = { btree_gist } satisfies PGliteOptions['extensions'];

/**
 * PGlite with our extensions, migrated. Options pass through so tests can
 * start from a dumped data directory (`loadDataDir`) or run in memory.
 */
export async function openPglite(options: Omit<PGliteOptions, 'extensions'>): Promise<DatabaseHandle> {
  return wrapPglite(await PGlite.create({ ...options, extensions: pgliteExtensions }));
}

/** Migrates an open PGlite and wraps it in a handle that owns it (closing the handle closes it). */
export async function wrapPglite(client: PGlite): Promise<DatabaseHandle> {
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return { db, kind: 'pglite', close: () => client.close() };
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
}

export async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  // An idle pooled connection can die (server restart, network); unhandled,
  // that 'error' event would crash the process. The pool replaces the client.
  pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    close: () => pool.end(),
  };
}

/**
 * Applies pending migrations on one pooled connection while holding a session
 * advisory lock (it belongs to a connection, so lock, migrate and unlock must
 * share one).
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A connection that failed mid-way may still hold the lock; destroy it rather than pool it.
    client.release(broken);
  }
}
