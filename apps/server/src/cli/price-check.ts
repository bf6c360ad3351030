// `npm run price-check [-- --home SAS-1006 ...]` (issue 27, ADR 044): the
// price-accuracy twin on the configured database. For every published home,
// every check-in of the next 330 days and every length from its minimum stay
// to 30 nights, the total implied by the ARI last sent to Google against what
// the quote engine charges. Prints each mismatch (home, dates, ARI total, site
// total, reason) and exits 1 when there is any. Like `npm run seed`: on
// PostgreSQL it connects itself; on the embedded database it claims the data
// directory, or asks the running site through its control socket.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '@sas/db';
import { formatUsd } from '@sas/domain';
import { loadEnvOrExit, type Env } from '../env.js';
import { runTwin } from '../services/google/twin.js';
import {
  claimDataDir,
  controlSocketPath,
  DataDirBusyError,
  sendControlRequest,
  type ControlResponse,
} from './control-socket.js';

export const usage = `Usage:
  npm run price-check [-- --home SAS-1006 [--home SAS-1007 ...]]
      Compares what Google was last sent with what the site charges, for every stay of the next
      330 days from each home's minimum stay to 30 nights. Exits 1 when any stay disagrees.`;

class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type PriceCheck = Extract<ControlResponse, { priceCheck: unknown }>['priceCheck'];

export function parsePriceCheckCommand(
  argv: readonly string[],
): { kind: 'check'; homes?: string[] } | { kind: 'help' } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: { home: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (parsed.values.help) return { kind: 'help' };
  return { kind: 'check', ...(parsed.values.home ? { homes: parsed.values.home } : {}) };
}

function money(cents: number | null): string {
  return cents === null ? 'not offered' : formatUsd(cents);
}

/** The report as printed, and the exit code. */
export function describePriceCheck(check: PriceCheck): { text: string; exitCode: number } {
  const lines = check.mismatches.map(
    (m) =>
      `${m.propertyId}  ${m.checkIn} to ${m.checkOut}  ARI ${money(m.ariTotal)}  site ${money(m.siteTotal)}  ${m.reason}`,
  );
  if (check.unsent.length > 0) {
    lines.push(`Never sent to Google, compared with what would be sent: ${check.unsent.join(', ')}`);
  }
  lines.push(
    `Checked ${check.itineraries} stays of ${check.homes} homes in ${(check.ms / 1000).toFixed(1)} s: ${check.mismatches.length} mismatches.`,
  );
  return { text: lines.join('\n'), exitCode: check.mismatches.length > 0 ? 1 : 0 };
}

async function checkHere(env: Env, homes: string[] | undefined): Promise<PriceCheck> {
  const handle = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    const started = performance.now();
    const { checkedAt: _, ...report } = await runTwin(handle.db, new Date(), homes);
    return { ...report, ms: Math.round(performance.now() - started) };
  } finally {
    await handle.close();
  }
}

async function runOnDatabase(env: Env, homes: string[] | undefined): Promise<PriceCheck> {
  if (env.DATABASE_URL) return checkHere(env, homes);
  let claim;
  try {
    claim = await claimDataDir(env.DATA_DIR, 'price-check');
  } catch (err) {
    if (!(err instanceof DataDirBusyError) || err.holder !== 'server') throw err;
    const answer = await sendControlRequest(
      controlSocketPath(env.DATA_DIR),
      { command: 'price-check', ...(homes ? { homes } : {}) },
      600_000,
    );
    if (!answer.ok) throw new Error(answer.message);
    if (!('priceCheck' in answer)) throw new Error('Unexpected answer');
    return answer.priceCheck;
  }
  try {
    return await checkHere(env, homes);
  } finally {
    await claim.release();
  }
}

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  try {
    const command = parsePriceCheckCommand(process.argv.slice(2));
    if (command.kind === 'help') {
      console.info(usage);
      return;
    }
    const { text, exitCode } = describePriceCheck(await runOnDatabase(env, command.homes));
    console.info(text);
    process.exitCode = exitCode;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(err instanceof UsageError ? `${message}\n\n${usage}` : message);
    process.exit(2);
  }
}

// Run as a script (npm run price-check), not when a test imports it.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
