// `npm run seed` on the embedded database, both ways, as the compiled script in a
// child process: with no server it opens the data directory itself; with the
// site holding it, it goes through the control socket.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bookings, openDatabase, properties, type Database } from '@sas/db';
import { createTestDatabase } from '@sas/db/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataDir, type DataDirClaim } from './control-socket.js';
import { parseSeedCommand } from './seed.js';
import { runCommand, type CommandRun } from '../test/compiled.js';

/** `npm run seed -- ...args` as a child process, with only DATA_DIR configured. */
function runSeed(dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Promise<CommandRun> {
  return runCommand('seed', dataDir, args, { env: extraEnv, timeout: 300_000 });
}

const dirs: string[] = [];
async function tempDataDir(): Promise<string> {
  // Short, so the socket path fits in sun_path.
  const dir = await mkdtemp(join(tmpdir(), 'sas-seed-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function countOf(db: Database, table: typeof bookings | typeof properties): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe('parseSeedCommand', () => {
  it('takes --demo-history and nothing else', () => {
    expect(parseSeedCommand([])).toEqual({ kind: 'seed', demoHistory: false });
    expect(parseSeedCommand(['--demo-history'])).toEqual({ kind: 'seed', demoHistory: true });
    expect(parseSeedCommand(['--help'])).toEqual({ kind: 'help' });
    expect(() => parseSeedCommand(['--demo'])).toThrow(/Unknown option/);
    expect(() => parseSeedCommand(['homes'])).toThrow(/positional/);
  });
});

// The command opens the embedded database of DATA_DIR itself, whichever pass this is:
// it runs in the PGlite pass only, not again unchanged in CI's PostgreSQL pass.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run seed with no server running', () => {
  it('seeds the catalogue once, and refuses the demo history while Stripe is configured', async () => {
    const dataDir = await tempDataDir();
    const first = await runSeed(dataDir, []);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toMatch(/^Seeded the catalogue with \d+ homes\.$/);
    const again = await runSeed(dataDir, []);
    expect(again.stdout.trim()).toMatch(/^The catalogue was there already \(\d+ homes\)\.$/);

    const stripe = await runSeed(dataDir, ['--demo-history'], {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(stripe.code).not.toBe(0);
    expect(stripe.stderr).toContain('The demo history is paid through the sandbox processor');

    const handle = await openDatabase({ dataDir });
    try {
      expect(await countOf(handle.db, properties)).toBeGreaterThan(20);
      expect(await countOf(handle.db, bookings)).toBe(0);
    } finally {
      await handle.close();
    }
  }, 300_000);
});

describe('npm run seed while the site holds the data directory', () => {
  let dataDir: string;
  let claim: DataDirClaim;
  let served: { db: Database; cleanup: () => Promise<void> };

  beforeAll(async () => {
    dataDir = await tempDataDir();
    // The "site": it holds the directory and answers on a database of its own,
    // so homes and bookings appearing there can only have come through the socket.
    claim = await claimDataDir(dataDir, 'server');
    served = await createTestDatabase();
    claim.serve(served.db);
  });

  afterAll(async () => {
    await claim?.release();
    await served?.cleanup();
  });

  // The demo history through the socket, and its refusal the second time, are
  // in services/demo/history.test.ts, which writes the year once (ADR 033).
  it('writes the catalogue through the control socket, and only once', async () => {
    const run = await runSeed(dataDir, []);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toMatch(/^Seeded the catalogue with \d+ homes\.$/);
    const homes = await countOf(served.db, properties);
    expect(homes).toBeGreaterThan(20);

    const again = await runSeed(dataDir, []);
    expect(again.stdout.trim()).toBe(`The catalogue was there already (${homes} homes).`);
    expect(await countOf(served.db, properties)).toBe(homes);
    expect(await countOf(served.db, bookings)).toBe(0);
  }, 300_000);
});
