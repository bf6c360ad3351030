// buildTestApp(): the app on a fresh, migrated, seeded database (PGlite, or
// PostgreSQL when TEST_DATABASE_URL is set), driven through app.inject().
// One database per test file: create it in beforeAll, close it in afterAll.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase, type Database, type DatabaseHandle } from '@sas/db';
import { createSeededTestDatabase, createTestDatabase, type seedTestCatalog } from '@sas/db/testing';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app.js';
import { loadEnv, type Env } from '../env.js';

export type EnvOverrides = Record<string, string | undefined>;

export type SeedCatalog = Awaited<ReturnType<typeof seedTestCatalog>>;

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** What seedTestCatalog inserted, to refer to its homes and reviews. */
  catalog: SeedCatalog;
  env: Env;
  /** Every route of `app`, as Fastify's onRoute hook reported it. */
  routes: RouteOptions[];
  /** A temporary DATA_DIR, removed by close(). */
  dataDir: string;
  /** Another app on the same database, e.g. with other settings; closed by close(). */
  buildAnotherApp(overrides?: EnvOverrides): Promise<{ app: FastifyInstance; env: Env }>;
  /** PostgreSQL only: the database's URL, e.g. for a server process a test starts. */
  databaseUrl?: string;
  /**
   * PostgreSQL only: another app on the same database through a pool and a
   * cache listener of its own, as another server process has; closed by close().
   */
  buildSeparateApp(overrides?: EnvOverrides): Promise<{ app: FastifyInstance; db: Database; env: Env }>;
  close(): Promise<void>;
}

/**
 * Without WEB_DIST the app points at a directory that does not exist, so it
 * serves the "not built" page; tests of the SPA pass one from createWebDist().
 */
export interface TestAppOptions {
  /** Insert the seed catalogue (default). Tests that make their own homes skip it and start faster. */
  seed?: boolean;
}

const emptyCatalog: SeedCatalog = {
  properties: [],
  propertyCollections: [],
  nearbyPlaces: [],
  reviews: [],
  taxJurisdictions: [],
  propertyRates: [],
  seasonalRates: [],
  propertyTaxLines: [],
};

export async function buildTestApp(
  overrides: EnvOverrides = {},
  { seed = true }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sas-server-test-'));
  const { database, catalog } = seed
    ? await createSeededTestDatabase()
    : { database: await createTestDatabase(), catalog: emptyCatalog };
  const apps: FastifyInstance[] = [];
  const handles: DatabaseHandle[] = [];
  const routes: RouteOptions[] = [];

  const start = async (more: EnvOverrides, onRoute?: (route: RouteOptions) => void, db = database.db) => {
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'web-not-built'),
      ...overrides,
      ...more,
    });
    const app = await buildApp({ env, db, ...(onRoute ? { onRoute } : {}) });
    apps.push(app);
    return { app, env };
  };

  const startSeparate = async (more: EnvOverrides) => {
    if (!database.url) throw new Error('buildSeparateApp needs PostgreSQL (TEST_DATABASE_URL)');
    const handle = await openDatabase({ databaseUrl: database.url });
    handles.push(handle);
    return { ...(await start(more, undefined, handle.db)), db: handle.db };
  };

  try {
    const { app, env } = await start({}, (route) => routes.push(route));
    return {
      app,
      db: database.db,
      catalog,
      env,
      routes,
      dataDir,
      buildAnotherApp: (more = {}) => start(more),
      ...(database.url ? { databaseUrl: database.url } : {}),
      buildSeparateApp: (more = {}) => startSeparate(more),
      close: async () => {
        await Promise.all(apps.map((a) => a.close()));
        await Promise.all(handles.map((h) => h.close()));
        await database.cleanup();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await database.cleanup();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Writes files under a fresh temporary directory; returns its path. */
export async function createTempFiles(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'sas-files-'));
  for (const [path, content] of Object.entries(files)) {
    const file = join(root, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return root;
}
