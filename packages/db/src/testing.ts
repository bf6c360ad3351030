// Test helpers: a fresh, migrated, empty database per call, on PGlite by
// default or on a PostgreSQL server when TEST_DATABASE_URL is set, plus
// factories for rows tests need.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  type Database,
  type DatabaseHandle,
  migrationsFolder,
  openPostgres,
  pgliteExtensions,
  wrapPglite,
} from './client.js';
import { toDateRange } from './ranges.js';
import {
  type StayKind,
  type StayStatus,
  properties,
  propertyRates,
  seasonalRates,
  stays,
  taxJurisdictions,
} from './schema.js';
import { type SeedCatalog, type SeedOptions, buildSeedCatalog } from './seed/catalog.js';
import { insertSeedCatalog } from './seed/insert.js';

export { watchClientConcurrency, type ClientConcurrency } from './client-concurrency.js';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and throws the database away. */
  cleanup(): Promise<void>;
  /** PostgreSQL only: this database's URL, to connect to it again, as another server process would. */
  url?: string;
}

/**
 * A fresh migrated database with no rows. With `TEST_DATABASE_URL` (or
 * `databaseUrl`) a new database is created on that server and dropped by
 * cleanup(); otherwise an in-memory PGlite is started from a migrated copy.
 */
export async function createTestDatabase(opts: { databaseUrl?: string } = {}): Promise<TestDatabase> {
  const url = opts.databaseUrl ?? process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

/**
 * A fresh migrated database holding the seed catalogue of `seedTestCatalog`,
 * and that catalogue. On PGlite it is loaded from a copy seeded once per
 * process (and per year of the clock, which dates the rate seasons): most
 * test files start from the catalogue, and inserting it was a third of
 * starting one (ADR 033). On PostgreSQL it is inserted.
 */
export async function createSeededTestDatabase(): Promise<{ database: TestDatabase; catalog: SeedCatalog }> {
  const url = process.env.TEST_DATABASE_URL;
  const year = new Date().getUTCFullYear();
  if (url && process.env.SAS_TEST_RUN) {
    const { name, catalog } = await postgresTemplate(url, process.env.SAS_TEST_RUN, year);
    return { database: await createPostgresTestDatabase(url, name), catalog: structuredClone(catalog) };
  }
  if (url) {
    const database = await createPostgresTestDatabase(url);
    try {
      return { database, catalog: await seedTestCatalog(database.db) };
    } catch (err) {
      await database.cleanup();
      throw err;
    }
  }
  let template = seededTemplates.get(year);
  if (!template) {
    template = buildSeededTemplate().catch((err: unknown) => {
      seededTemplates.delete(year);
      throw err;
    });
    seededTemplates.set(year, template);
  }
  const { dump, catalog } = await template;
  const client = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions });
  return {
    database: withCleanup(await wrapPglite(client), () => Promise.resolve()),
    catalog: structuredClone(catalog),
  };
}

/** Seeded copies by the clock's year; in memory only, so no row carries another day's defaults. */
const seededTemplates = new Map<number, Promise<{ dump: Blob; catalog: SeedCatalog }>>();

async function buildSeededTemplate(): Promise<{ dump: Blob; catalog: SeedCatalog }> {
  const client = await PGlite.create({ loadDataDir: await migratedTemplate(), extensions: pgliteExtensions });
  const handle = await wrapPglite(client);
  try {
    const catalog = await seedTestCatalog(handle.db);
    return { dump: await client.dumpDataDir('none'), catalog };
  } finally {
    await handle.close();
  }
}

/**
 * Inserts the full seed catalogue (no photos) and returns it, so tests can
 * refer to its ids and slugs. Its rate seasons run from last year to five
 * years ahead of `now` (default: today), so tests find future seasons.
 */
export async function seedTestCatalog(db: Database, options: SeedOptions = {}): Promise<SeedCatalog> {
  const catalog = buildSeedCatalog(options);
  await db.transaction((tx) => insertSeedCatalog(tx, catalog));
  return catalog;
}

// PGlite ---------------------------------------------------------------------
//
// initdb plus migrations takes seconds; loading a dumped data directory takes
// a fraction of that. The dump is made once per migrations version and kept
// in os.tmpdir() for later test files and runs, and in memory for this one.

let pgliteTemplate: Promise<Blob> | undefined;

/** Changes whenever a migration or the PGlite build changes, so a stale dump is never loaded. */
async function templateKey(): Promise<string> {
  // The version of how the dump is made (buildPgliteTemplate), for the same reason.
  const hash = createHash('sha256').update('dump 2');
  const files = (await readdir(migrationsFolder, { recursive: true }))
    .filter((f) => f.endsWith('.sql') || f.endsWith('_journal.json'))
    .sort();
  for (const f of files) hash.update(f).update(await readFile(join(migrationsFolder, f)));
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(join(dirname(pgliteEntry), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

async function buildPgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `sas-db-pglite-${await templateKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not cached yet: make it below.
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const handle = await wrapPglite(client);
  try {
    // No test creates a database inside PGlite: without the two template
    // databases the dump is 28 MB instead of 43, and each test database
    // starts in two thirds of the time (ADR 033, sixth round).
    for (const template of ['template1', 'template0']) {
      await client.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${template}`);
    }
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    // Parallel workers may race here; each writes its own temp file and the rename is atomic.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(temp, new Uint8Array(await dump.arrayBuffer()));
    await rename(temp, file);
    return dump;
  } finally {
    await handle.close();
  }
}

function migratedTemplate(): Promise<Blob> {
  pgliteTemplate ??= buildPgliteTemplate().catch((err: unknown) => {
    pgliteTemplate = undefined;
    throw err;
  });
  return pgliteTemplate;
}

/**
 * A test database holds a few megabytes: PGlite's default 128 MB of shared
 * buffers, cleared at every start, were 40% of the 1-1.6 s each of the unit
 * run's two hundred-odd test databases took to start (ADR 033, sixth round).
 */
const pgliteTestConf = ['shared_buffers = 16MB'];

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const client = await PGlite.create({
    loadDataDir: await migratedTemplate(),
    extensions: pgliteExtensions,
    postgresqlconf: pgliteTestConf,
  });
  return withCleanup(await wrapPglite(client), () => Promise.resolve());
}

// PostgreSQL -------------------------------------------------------------------
//
// Each call creates its own database, so parallel workers never share state.
// It is a copy of a template database of this test run, migrated (and seeded,
// for createSeededTestDatabase) once: CREATE DATABASE ... TEMPLATE copies one
// in about 0.05 s, where migrating a new one took 0.4 s and seeding it 0.2 s
// (ADR 033). In a vitest run only: the root config's global set-up names the
// run (SAS_TEST_RUN) and drops its templates at the end. The run's name is in
// the templates' names, so a run never copies another run's rows, and the
// names start like a test database's, so sweepStaleDatabases removes those a
// crashed run left behind. Elsewhere (the bench) a database is migrated anew.

const testDbPrefix = 'sas_t_';
let staleSwept = false;

/** The prefix of the template databases of the test run `runId` (`{base-36 time}_{hex}`). */
export function templatePrefix(runId: string): string {
  return `${testDbPrefix}${runId}_tpl_`;
}

const postgresTemplates = new Map<string, Promise<{ name: string; catalog: SeedCatalog }>>();

/**
 * The run's template on `serverUrl`: migrated, and with the seed catalogue of
 * `seedYear` when given. Made once by whichever worker asks first, under an
 * advisory lock; the others wait for it and find it there.
 */
function postgresTemplate(
  serverUrl: string,
  runId: string,
  seedYear?: number,
): Promise<{ name: string; catalog: SeedCatalog }> {
  const name = `${templatePrefix(runId)}${seedYear === undefined ? 'migrated' : `seeded${seedYear}`}`;
  const key = `${serverUrl} ${name}`;
  let template = postgresTemplates.get(key);
  if (!template) {
    template = makePostgresTemplate(serverUrl, name, seedYear).catch((err: unknown) => {
      postgresTemplates.delete(key);
      throw err;
    });
    postgresTemplates.set(key, template);
  }
  return template;
}

async function makePostgresTemplate(
  serverUrl: string,
  name: string,
  seedYear: number | undefined,
): Promise<{ name: string; catalog: SeedCatalog }> {
  const catalog = seedYear === undefined ? emptySeedCatalog() : buildSeedCatalog({ now: new Date() });
  await withAdmin(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rows.length > 0) return;
      await createDatabaseWithRetry(admin, name);
      const handle = await openPostgres(databaseUrlFor(serverUrl, name));
      try {
        if (seedYear !== undefined) await handle.db.transaction((tx) => insertSeedCatalog(tx, catalog));
      } finally {
        await handle.close();
      }
      await waitForSessionsToEnd(admin, name);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return { name, catalog };
}

function emptySeedCatalog(): SeedCatalog {
  return {
    properties: [],
    propertyCollections: [],
    nearbyPlaces: [],
    reviews: [],
    taxJurisdictions: [],
    propertyRates: [],
    seasonalRates: [],
    propertyTaxLines: [],
  };
}

/** Drops the template databases of the run `runId` (the global set-up's teardown). */
export async function dropTestTemplates(serverUrl: string, runId: string): Promise<void> {
  await withAdmin(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [templatePrefix(runId)],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Drops scratch databases named `{prefix}{base-36 creation time}_…` that a
 * crashed run (tests, the bench) left behind more than a day ago.
 */
export async function sweepStaleDatabases(admin: pg.Client, prefix: string = testDbPrefix): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${prefix}%`,
  ]);
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const { datname } of rows) {
    const created = parseInt(datname.slice(prefix.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(created) && created < dayAgo)
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}

/**
 * CREATE DATABASE copies template1 and fails with 55006 (object_in_use) while
 * any other session is connected to template1, e.g. a concurrent createdb or
 * psql; that is brief, so try again a few times. A scratch database's commits
 * do not wait for the disk (synchronous_commit off: a crash of the server
 * could lose the last moments, never corrupt): the PostgreSQL pass took 12%
 * less time (ADR 033, sixth round).
 */
async function createDatabaseWithRetry(admin: pg.Client, name: string, template?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
      return;
    } catch (err) {
      const inUse = typeof err === 'object' && err !== null && 'code' in err && err.code === '55006';
      if (!inUse || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function createPostgresTestDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `${testDbPrefix}${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  const runId = process.env.SAS_TEST_RUN;
  template ??= runId ? (await postgresTemplate(serverUrl, runId)).name : undefined;
  await withAdmin(serverUrl, async (admin) => {
    if (!staleSwept) {
      staleSwept = true;
      await sweepStaleDatabases(admin);
    }
    await createDatabaseWithRetry(admin, name, template);
  });
  const drop = (): Promise<void> =>
    withAdmin(serverUrl, async (admin) => {
      await waitForSessionsToEnd(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  const url = databaseUrlFor(serverUrl, name);
  let handle: DatabaseHandle;
  try {
    handle = await openPostgres(url);
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { ...withCleanup(handle, drop), url };
}

/**
 * pg's pool.end() resolves once its connections are asked to close, not once
 * they have. Dropping WITH (FORCE) at that moment terminates the sessions
 * still shutting down, and each reports "terminating connection due to
 * administrator command" (57P01) as an idle connection error. So wait, for a
 * moment at most, until the server has no session on the database; FORCE
 * then only ends sessions a test really left open.
 */
async function waitForSessionsToEnd(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await admin.query<{ sessions: number }>(
      'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if ((rows[0]?.sessions ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** close() may be called before cleanup(); neither may close twice. */
function withCleanup(handle: DatabaseHandle, dispose: () => Promise<void>): TestDatabase {
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= handle.close());
  return {
    ...handle,
    close,
    cleanup: async () => {
      await close();
      await dispose();
    },
  };
}

// Factories --------------------------------------------------------------------

export type PropertyRow = typeof properties.$inferSelect;
export type NewProperty = typeof properties.$inferInsert;
export type StayRow = typeof stays.$inferSelect;

let factorySequence = 0;

/** A valid property row with a unique id, slug and listing number; overrides win. */
export function buildProperty(overrides: Partial<NewProperty> = {}): NewProperty {
  factorySequence += 1;
  const tag = `${factorySequence}-${randomBytes(3).toString('hex')}`;
  const name = `Test Home ${tag}`;
  return {
    id: randomUUID(),
    propertyId: `TEST-${tag}`,
    slug: `test-home-${tag}`,
    publicName: null,
    name,
    summary: 'A test home with a hot tub and a view.',
    description: 'First paragraph.\n\nSecond paragraph:\n- one\n- two',
    bedrooms: 2,
    bathrooms: 1.5,
    garages: 0,
    area: 1000,
    city: 'Breckenridge',
    state: 'CO',
    country: 'US',
    timeZone: 'America/Denver',
    images: [{ key: 'vista-bluebird-powder', alt: 'Mountain view', width: 1600, height: 1067 }],
    amenities: [{ item: 'Fast wifi', category: 'Internet & Office' }],
    latitude: 39.4817,
    longitude: -106.0384,
    bookingWidgetUrl: null,
    matterportUrl: null,
    maxGuests: 4,
    petsAllowed: false,
    ...overrides,
  };
}

export async function insertProperty(db: Database, overrides: Partial<NewProperty> = {}): Promise<PropertyRow> {
  const [row] = await db.insert(properties).values(buildProperty(overrides)).returning();
  if (!row) throw new Error('insertProperty: no row returned');
  return row;
}

export interface StayOverrides {
  checkIn?: string;
  checkOut?: string;
  kind?: StayKind;
  status?: StayStatus;
  expiresAt?: Date | null;
  reason?: string | null;
}

/** Inserts a stay (default: an active reservation, 2026-01-01 to 2026-01-05) for a property. */
export async function insertStay(db: Database, propertyId: string, overrides: StayOverrides = {}): Promise<StayRow> {
  const [row] = await db
    .insert(stays)
    .values({
      propertyId,
      nights: toDateRange(overrides.checkIn ?? '2026-01-01', overrides.checkOut ?? '2026-01-05'),
      kind: overrides.kind ?? 'reservation',
      status: overrides.status ?? 'active',
      expiresAt: overrides.expiresAt ?? null,
      reason: overrides.reason ?? null,
    })
    .returning();
  if (!row) throw new Error('insertStay: no row returned');
  return row;
}

export interface SeasonOverrides {
  name?: string;
  start: string;
  /** Exclusive. */
  end: string;
  nightlyCents?: number;
  weekendCents?: number;
  minStay?: number;
}

export interface RatesOverrides {
  nightlyCents?: number;
  weekendCents?: number;
  cleaningFeeCents?: number;
  minStay?: number;
  /** A tax jurisdiction of its own is created with this rate. */
  taxRateBps?: number;
  taxName?: string;
  seasons?: SeasonOverrides[];
}

/**
 * Gives a property rates (default: $200 a night, $250 on Friday and
 * Saturday, $150 cleaning, 1-night minimum, 10% tax) and the given seasons.
 */
export async function insertRates(db: Database, propertyId: string, overrides: RatesOverrides = {}): Promise<void> {
  factorySequence += 1;
  const jurisdictionId = `test-${factorySequence}-${randomBytes(3).toString('hex')}`;
  await db.insert(taxJurisdictions).values({
    id: jurisdictionId,
    name: overrides.taxName ?? `Test lodging tax ${factorySequence}`,
    rateBps: overrides.taxRateBps ?? 1000,
  });
  await db.insert(propertyRates).values({
    propertyId,
    nightlyCents: overrides.nightlyCents ?? 20_000,
    weekendCents: overrides.weekendCents ?? 25_000,
    cleaningFeeCents: overrides.cleaningFeeCents ?? 15_000,
    minStay: overrides.minStay ?? 1,
    taxJurisdictionId: jurisdictionId,
  });
  const seasons = overrides.seasons ?? [];
  if (seasons.length > 0) {
    await db.insert(seasonalRates).values(
      seasons.map((season) => ({
        propertyId,
        name: season.name ?? 'Test season',
        startDate: season.start,
        endDate: season.end,
        nightlyCents: season.nightlyCents ?? 30_000,
        weekendCents: season.weekendCents ?? 35_000,
        minStay: season.minStay ?? 1,
      })),
    );
  }
}
