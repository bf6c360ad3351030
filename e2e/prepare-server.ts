// What the journeys' server starts from: a fresh data directory with the
// shared demo photos (@sas/demo-media/cache), and, when the run has a
// PostgreSQL server, a fresh database seeded with the catalogue and the demo
// year by `npm run seed -- --demo-history` as the build compiled it (the
// embedded database's first start writes both by itself). start-server.ts
// calls it; `npm test` runs this file on its own beforehand, beside the
// PostgreSQL pass, whose spare moments it uses, and tells the server so with
// E2E_SERVER_PREPARED (ADR 033).
import { spawn } from 'node:child_process';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sharedMediaDir } from '@sas/demo-media/cache';
import pg from 'pg';
import { dataDirName, databaseUrl } from './server-config';

export const repoRoot = join(import.meta.dirname, '..');

/** The server's environment: its data directory, and its database when the run has one. */
export const serverEnv = { ...process.env, DATA_DIR: join('e2e', dataDirName), DATABASE_URL: databaseUrl ?? '' };

export async function prepareServer(): Promise<void> {
  const dataDir = join(import.meta.dirname, dataDirName);
  await rm(dataDir, { recursive: true, force: true });
  // The demo photos are rendered once per version of their drawing and shared
  // with the bench's servers: a minute of CI saved.
  const mediaDir = await sharedMediaDir();
  await mkdir(mediaDir, { recursive: true });
  await mkdir(dataDir, { recursive: true });
  await symlink(mediaDir, join(dataDir, 'media'), 'dir');
  if (!databaseUrl) return;

  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    // A scratch database: its commits need not wait for the disk (ADR 033, sixth round).
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const seeded = await new Promise<number | null>((resolve) => {
    const seed = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/seed.js'), '--demo-history'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: serverEnv,
    });
    seed.on('exit', (code) => resolve(code));
  });
  if (seeded !== 0) throw new Error(`npm run seed -- --demo-history failed (exit code ${seeded})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await prepareServer();
