// One pass of the payment scheduler in a process of its own, against the
// PostgreSQL database of DATABASE_URL, at the instant SCHEDULER_NOW. With
// KILL_AFTER_PROVIDER=1 the process kills itself (SIGKILL, no clean-up) the
// moment the provider has answered and before the outcome is recorded: what
// a crash or an OOM kill at the worst time leaves behind. Used by
// services/schedule/scheduler-crash.test.ts; prints the pass's result.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@sas/db';
import { buildApp } from '../app.js';
import { loadEnv } from '../env.js';
import { bookingDeps } from '../lib/booking-deps.js';
import { runPaymentScheduler } from '../services/schedule/index.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const dataDir = await mkdtemp(join(tmpdir(), 'sas-scheduler-process-'));
const handle = await openDatabase({ databaseUrl });
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'web'), LOG_LEVEL: 'warn' });
const app = await buildApp({ env, db: handle.db });
const result = await runPaymentScheduler(bookingDeps(app), new Date(process.env.SCHEDULER_NOW ?? Date.now()), {
  ...(process.env.KILL_AFTER_PROVIDER === '1'
    ? { afterProviderCall: () => void process.kill(process.pid, 'SIGKILL') }
    : {}),
});
// The parent reads the pass's result from the last line of stdout.
process.stdout.write(`${JSON.stringify(result)}\n`);
await app.close();
await handle.close();
