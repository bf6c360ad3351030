// Entry point of `npm start`: configuration, database, seed, listen, and a
// graceful close on SIGINT/SIGTERM. Everything testable lives in buildApp().
import { join, relative } from 'node:path';
import { openDatabase, type DatabaseHandle } from '@sas/db';
import { seedIfEmpty } from '@sas/db/seed';
import { ensureMedia } from '@sas/demo-media/render';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { claimDataDirForServer, type DataDirClaim } from './cli/control-socket.js';
import { describeDemoHistory, seedDemoHistory } from './services/demo/index.js';
import { loadEnvOrExit, type Env } from './env.js';
import { withLocalJwtSecret } from './lib/local-jwt-secret.js';
import { hasAdmin, noAdminHint } from './services/console/users.js';
import { periodicJobs } from './lib/periodic-jobs.js';

function describeDatabase(env: Env, handle: DatabaseHandle): string {
  if (handle.kind === 'postgres') {
    const url = new URL(env.DATABASE_URL ?? '');
    // Credentials stay out of the log.
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  }
  const shown = relative(process.cwd(), env.DATA_DIR);
  const dir = shown === '' ? '.' : shown.startsWith('..') ? env.DATA_DIR : `./${shown}`;
  return `embedded PGlite database in ${dir}`;
}

/** The address people can open: 0.0.0.0 and :: mean "every interface", shown as localhost. */
function browsableUrl(env: Env, port: number): string {
  const wildcard = env.HOST === '0.0.0.0' || env.HOST === '::';
  const host = wildcard ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${port}`;
}

async function main(): Promise<void> {
  const env = await withLocalJwtSecret(loadEnvOrExit(), process.env);

  // One process per embedded database: the control socket is its lock, and the users command's way in (ADR 024).
  let control: DataDirClaim | undefined;
  try {
    control = env.DATABASE_URL ? undefined : await claimDataDirForServer(env.DATA_DIR);
  } catch (err) {
    console.error(`Summit & Shore cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const handle = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  control?.serve(handle.db);
  let app: FastifyInstance | undefined;
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app?.log.info(`${signal} received, shutting down`);
    try {
      // Stop taking requests and finish the ones in flight before the database goes.
      await app?.close();
      await control?.release();
      await handle.close();
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', err);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    // First start: inserts the catalogue and renders its photos (a few seconds); later starts only check.
    const seed = await seedIfEmpty(handle.db);
    await ensureMedia(join(env.DATA_DIR, 'media'));
    app = await buildApp({ env, db: handle.db });
    if (seed.seeded) app.log.info(`Seeded the catalogue with ${seed.properties} homes`);
    // A fresh embedded database (`npm start` on a laptop) gets a year of demo business, so the
    // console shows what it is for (ADR 040); PostgreSQL only with `npm run seed -- --demo-history`.
    if (seed.seeded && handle.kind === 'pglite' && app.payments.name === 'sandbox') {
      console.info('Writing a year of demo business into the new database…');
      const demo = await seedDemoHistory(handle.db, {
        now: app.clock.now(),
        actor: { id: null, email: 'first start of the site' },
      });
      console.info(describeDemoHistory(demo));
    }
    const address = await app.listen({ port: env.PORT, host: env.HOST });
    // Background work of the money path (ADR 009): sending queued e-mail and
    // booking payments no browser confirmed. app.close() stops both.
    // Also channel calendars imported every ICAL_SYNC_MINUTES (issue 15), guest messages (issue 28) and Google's ARI push and price twin (issue 27).
    for (const job of periodicJobs(app)) job.start();
    app.log.info(
      `Payments: ${app.payments.name}; e-mail: ${app.mailer.transport.description}; texts: ${app.texting.description}`,
    );
    const port = app.server.address();
    const url = typeof port === 'object' && port !== null ? browsableUrl(env, port.port) : address;
    const homes = `${seed.properties} ${seed.properties === 1 ? 'home' : 'homes'}`;
    console.info(`Summit & Shore is running at ${url} (${describeDatabase(env, handle)}, ${homes})`);
    if (!(await hasAdmin(handle.db))) console.info(noAdminHint);
  } catch (err) {
    console.error('Summit & Shore failed to start:', err);
    await app?.close().catch(() => undefined);
    await control?.release().catch(() => undefined);
    await handle.close().catch(() => undefined);
    process.exit(1);
  }
}

await main();
