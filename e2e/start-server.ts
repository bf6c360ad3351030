// The journeys' server: the compiled production server (`npm run build`) on a
// fresh data directory, and on a fresh PostgreSQL database when the run has
// one (server-config.ts). Stops with the server, dropping nothing: the next
// run starts by recreating both, so a failed run's data can still be read.
// Either way the journeys find a year of demo business (ADR 040): the first
// start of the embedded database writes it by itself, a PostgreSQL database
// only when asked, so it is asked for here.
import { spawn } from 'node:child_process';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { sharedMediaDir } from '@sas/demo-media/cache';
import pg from 'pg';
import { dataDirName, databaseUrl } from './server-config';

const repoRoot = join(import.meta.dirname, '..');
const dataDir = join(import.meta.dirname, dataDirName);
await rm(dataDir, { recursive: true, force: true });
// The demo photos are rendered once per version of their drawing and shared
// with the bench's servers (@sas/demo-media/cache): a minute of CI saved.
const mediaDir = await sharedMediaDir();
await mkdir(mediaDir, { recursive: true });
await mkdir(dataDir, { recursive: true });
await symlink(mediaDir, join(dataDir, 'media'), 'dir');

if (databaseUrl) {
  const target = new URL(databaseUrl);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

const serverEnv = { ...process.env, DATA_DIR: join('e2e', dataDirName), DATABASE_URL: databaseUrl ?? '' };

if (databaseUrl) {
  // `npm run seed -- --demo-history` as the build compiled it: the catalogue and the demo year, as the embedded database's first start writes them.
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

const server = spawn(process.execPath, ['--enable-source-maps', join(repoRoot, 'apps/server/dist/server.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: serverEnv,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
