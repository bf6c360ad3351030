// `npm run seed [-- --demo-history]` (ADR 040): the catalogue of homes into a
// database that has none, as the site's first start does, and with
// --demo-history a year of demo business into one without bookings. On the
// configured database, like `npm run users` (ADR 024): on PostgreSQL the
// command connects itself; on the embedded database it claims the data
// directory, or goes through the site's control socket while the site holds it.
// The first start of a fresh embedded database writes the demo history by
// itself; a PostgreSQL database (DATABASE_URL) never gets it unless asked here.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '@sas/db';
import { loadEnvOrExit, type Env } from '../env.js';
import { describeDemoHistory, seedDatabase } from '../services/demo/index.js';
import {
  claimDataDir,
  commandActor,
  controlSocketPath,
  DataDirBusyError,
  sendControlRequest,
  type ControlResponse,
} from './control-socket.js';

export const usage = `Usage:
  npm run seed
      Seeds the catalogue of homes into a database that has none (the site's first start does the same).
  npm run seed -- --demo-history
      Also writes a year of demo business (bookings, payments, owner stays, reviews, inquiries) into a
      database without bookings. Its booking codes start SAS-DEM and its guests have example.com addresses.`;

class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseSeedCommand(argv: readonly string[]): { kind: 'seed'; demoHistory: boolean } | { kind: 'help' } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: { 'demo-history': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (parsed.values.help) return { kind: 'help' };
  return { kind: 'seed', demoHistory: parsed.values['demo-history'] ?? false };
}

async function seedHere(env: Env, demoHistory: boolean): Promise<ControlResponse> {
  const handle = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    const outcome = await seedDatabase(handle.db, {
      demoHistory,
      now: new Date(),
      actor: commandActor('seed command'),
    });
    return { ok: true, ...outcome };
  } finally {
    await handle.close();
  }
}

/** Seeds the configured database, wherever it is open. */
async function runOnDatabase(env: Env, demoHistory: boolean): Promise<ControlResponse> {
  if (env.DATABASE_URL) return seedHere(env, demoHistory);
  let claim;
  try {
    claim = await claimDataDir(env.DATA_DIR, 'seed-command');
  } catch (err) {
    if (!(err instanceof DataDirBusyError) || err.holder !== 'server') throw err;
    // Writing a year of bookings takes a while on a busy machine.
    return sendControlRequest(controlSocketPath(env.DATA_DIR), { command: 'seed', demoHistory }, 600_000);
  }
  try {
    return await seedHere(env, demoHistory);
  } finally {
    await claim.release();
  }
}

export async function runSeedCommand(argv: readonly string[], env: Env): Promise<string> {
  const command = parseSeedCommand(argv);
  if (command.kind === 'help') return usage;
  // Its later charges (installments, deposit holds) would go to Stripe with cards Stripe never saw.
  if (command.demoHistory && env.STRIPE) {
    throw new UsageError('The demo history is paid through the sandbox processor: unset the STRIPE_ settings first.');
  }
  const answer = await runOnDatabase(env, command.demoHistory);
  if (!answer.ok) throw new Error(answer.message);
  if (!('catalogue' in answer)) throw new Error('Unexpected answer');
  const { catalogue, demoHistory } = answer;
  const lines = [
    catalogue.seeded
      ? `Seeded the catalogue with ${catalogue.properties} homes.`
      : `The catalogue was there already (${catalogue.properties} homes).`,
  ];
  if (demoHistory) lines.push(describeDemoHistory(demoHistory));
  return lines.join('\n');
}

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  try {
    console.info(await runSeedCommand(process.argv.slice(2), env));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(err instanceof UsageError ? `${message}\n\n${usage}` : message);
    process.exit(1);
  }
}

// Run as a script (npm run seed), not when a test imports it.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
