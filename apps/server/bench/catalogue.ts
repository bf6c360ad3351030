// A production server of the bench on a catalogue of its own: a scratch
// database (a new database on the PostgreSQL server of BENCH_DATABASE_URL or
// TEST_DATABASE_URL, dropped afterwards; else embedded PGlite in a temporary
// DATA_DIR) holding the scale seed (seedScaleCatalog) of the given size,
// vacuumed and analysed as a database in service would be. The photos are
// shared by every server and kept between runs (@sas/demo-media/cache).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '@sas/db';
import { seedScaleCatalog } from '@sas/db/seed';
import { sweepStaleDatabases } from '@sas/db/testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';

export interface CatalogueOptions {
  homes: number;
  stays: number;
  port: number;
  /** WEB_DIST of the server: the bench's copy of the build. */
  webDist: string;
  /** The compiled server the bench runs (its snapshot of apps/server/dist/server.js). */
  serverEntry: string;
  /** Holds a DATA_DIR per catalogue; the caller removes it. */
  workDir: string;
  /** The photos, shared by every server (DATA_DIR/media links here; see @sas/demo-media/cache). */
  mediaDir: string;
  /** A PostgreSQL server to create the scratch database on; unset: PGlite. */
  postgresUrl: string | undefined;
  repoRoot: string;
}

export interface CatalogueServer {
  origin: string;
  homes: number;
  stays: number;
  /** Seconds the seed took to write and analyse. */
  seedSeconds: number;
  /** Stops the server and drops its scratch database. */
  stop(): Promise<void>;
}

/** Scratch databases of the bench are named so; nothing else on the server should be. */
const scratchPrefix = 'bench_';

/** Which database the bench runs on, without credentials. */
export function describeDatabase(postgresUrl: string | undefined): string {
  if (!postgresUrl) return 'PGlite (embedded, a temporary DATA_DIR per catalogue)';
  const url = new URL(postgresUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'} (a scratch ${scratchPrefix}* database per catalogue, dropped after)`;
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

let staleSwept = false;

/** Drops scratch databases a crashed bench left behind more than a day ago, once per run. */
async function sweepStale(admin: pg.Client): Promise<void> {
  if (staleSwept) return;
  staleSwept = true;
  await sweepStaleDatabases(admin, scratchPrefix);
}

/** A new empty database on the server; returns its URL and how to drop it. */
async function createScratchDatabase(serverUrl: string, homes: number) {
  const name = `${scratchPrefix}${Date.now().toString(36)}_${homes}_${randomBytes(3).toString('hex')}`;
  await withAdmin(serverUrl, async (admin) => {
    await sweepStale(admin);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

async function waitForHealth(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The bench server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('The bench server did not become healthy within 180 s');
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return exited;
}

/** Seeds a scratch database with `homes` homes and `stays` stays and starts the production server on it. */
export async function startCatalogue(options: CatalogueOptions): Promise<CatalogueServer> {
  const { homes, stays, port, webDist, serverEntry, workDir, mediaDir, postgresUrl, repoRoot } = options;
  const dataDir = join(workDir, `catalogue-${homes}`);
  await mkdir(dataDir, { recursive: true });
  await mkdir(mediaDir, { recursive: true });
  await symlink(mediaDir, join(dataDir, 'media'), 'dir');

  const scratch = postgresUrl ? await createScratchDatabase(postgresUrl, homes) : undefined;
  let child: ChildProcess | undefined;
  const stop = async (): Promise<void> => {
    if (child) await stopProcess(child);
    await scratch?.drop();
  };
  try {
    const started = performance.now();
    const handle = await openDatabase({ dataDir, databaseUrl: scratch?.url });
    try {
      await seedScaleCatalog(handle.db, { homes, stays });
      // Fresh rows have no planner statistics, and autovacuum would analyse
      // them in the middle of a measurement: do it now, as in service.
      await handle.db.execute(sql`VACUUM ANALYZE`);
    } finally {
      await handle.close();
    }
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;

    const origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        PUBLIC_URL: origin,
        LOG_LEVEL: 'warn',
        DATABASE_URL: scratch?.url ?? '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(origin, child);
    return { origin, homes, stays, seedSeconds, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}
