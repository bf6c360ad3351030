// The users command on the embedded database, both ways: with no server it
// opens the data directory itself; with the site holding it, it goes through
// the control socket. Run as the compiled script in a child process.
import { mkdtemp, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditLog, openDatabase, propertyOwners, users, type Database } from '@sas/db';
import { createTestDatabase, insertProperty } from '@sas/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../services/auth/passwords.js';
import {
  claimDataDir,
  controlSocketPath,
  DataDirBusyError,
  sendControlRequest,
  type DataDirClaim,
} from './control-socket.js';
import { parseCommand } from './users.js';
import { runCommand, type CommandRun } from '../test/compiled.js';

/** `npm run users -- ...args` as a child process, with only DATA_DIR configured. */
function runUsers(
  dataDir: string,
  args: string[],
  input?: string,
  extraEnv: Record<string, string> = {},
): Promise<CommandRun> {
  return runCommand('users', dataDir, args, { input, env: extraEnv });
}

const dirs: string[] = [];
async function tempDataDir(): Promise<string> {
  // Short, so the socket path fits in sun_path.
  const dir = await mkdtemp(join(tmpdir(), 'sas-cli-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('parseCommand', () => {
  it('reads add and list, and refuses what it cannot do', () => {
    expect(parseCommand(['add', '--email', 'a@b.co', '--role', 'owner', '--homes', 'sas-1, bears-den ,'])).toEqual({
      kind: 'add',
      email: 'a@b.co',
      role: 'owner',
      password: undefined,
      homes: ['sas-1', 'bears-den'],
      resetTotp: false,
    });
    expect(parseCommand(['add', '--email', 'a@b.co', '--role', 'admin', '--reset-2fa'])).toMatchObject({
      resetTotp: true,
    });
    expect(parseCommand(['add', '--email', 'c@b.co', '--role', 'cleaner'])).toMatchObject({ role: 'cleaner' });
    expect(() => parseCommand(['add', '--email', 'c@b.co', '--role', 'cleaner', '--homes', 'x'])).toThrow(/owners/);
    expect(parseCommand(['list', '--all'])).toEqual({ kind: 'list', all: true });
    expect(parseCommand([])).toEqual({ kind: 'help' });
    expect(() => parseCommand(['add', '--email', 'a@b.co', '--role', 'guest'])).toThrow(/--role must be one of/);
    expect(() => parseCommand(['add', '--email', 'a@b.co', '--role', 'staff', '--homes', 'x'])).toThrow(/owners/);
    expect(() => parseCommand(['add', '--role', 'admin'])).toThrow(/--email is required/);
    expect(() => parseCommand(['remove'])).toThrow(/Unknown command/);
  });
});

// The command opens the embedded database of DATA_DIR itself, whichever pass this is:
// it runs in the PGlite pass only, not again unchanged in CI's PostgreSQL pass.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run users with no server running', () => {
  let dataDir: string;
  let home: { id: string; slug: string };

  beforeAll(async () => {
    dataDir = await tempDataDir();
    const handle = await openDatabase({ dataDir });
    home = await insertProperty(handle.db);
    await handle.close();
  });

  it('opens the data directory itself, hashes the password with argon2id and sets homes', async () => {
    const created = await runUsers(dataDir, [
      'add',
      '--email',
      'Owner@Example.com',
      '--password',
      'a long password',
      '--role',
      'owner',
      '--homes',
      home.slug,
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created Owner@Example.com  owner');

    // Run again: the same account (e-mail in any case) is updated, not duplicated.
    const promoted = await runUsers(
      dataDir,
      ['add', '--email', 'owner@example.com', '--role', 'admin'],
      'another password\n',
    );
    expect(promoted.stdout).toContain('Updated Owner@Example.com  admin');

    const listed = await runUsers(dataDir, ['list']);
    expect(listed.stdout.trim()).toBe('Owner@Example.com  admin');
    // The lock is let go: the directory opens again, and holds what the command wrote.
    const handle = await openDatabase({ dataDir });
    try {
      const rows = await handle.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.role).toBe('admin');
      expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(rows[0]?.passwordHash, 'another password')).toBe(true);
      // Admins have no homes: the owner's went with the role.
      expect(await handle.db.select().from(propertyOwners)).toEqual([]);
      const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entity, 'user'));
      expect(audit.map((entry) => entry.action)).toEqual(['user.create', 'user.update']);
      expect(audit[0]).toMatchObject({ actorId: null, actorEmail: expect.stringMatching(/^users command/) as unknown });
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('refuses a short password, an unknown home and a missing password without writing', async () => {
    const short = await runUsers(dataDir, [
      'add',
      '--email',
      's@example.com',
      '--password',
      'short',
      '--role',
      'staff',
    ]);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 8 characters');
    const unknown = await runUsers(dataDir, [
      'add',
      '--email',
      'o2@example.com',
      '--password',
      'long enough pw',
      '--role',
      'owner',
      '--homes',
      'no-such-home',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No home is called "no-such-home"');
    const none = await runUsers(dataDir, ['add', '--email', 'n@example.com', '--role', 'staff']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No password given');
    expect((await runUsers(dataDir, ['list'])).stdout.trim()).toBe('Owner@Example.com  admin');
  }, 120_000);
});

describe('npm run users while the site holds the data directory', () => {
  let dataDir: string;
  let claim: DataDirClaim;
  let served: { db: Database; cleanup: () => Promise<void> };

  beforeAll(async () => {
    dataDir = await tempDataDir();
    // The "site": it holds the directory and serves account commands on a
    // database of its own, so an account appearing there can only have come
    // through the socket.
    claim = await claimDataDir(dataDir, 'server');
    served = await createTestDatabase();
    claim.serve(served.db);
  });

  afterAll(async () => {
    await claim?.release();
    await served?.cleanup();
  });

  it('creates the account through the control socket, with the password typed on stdin', async () => {
    const run = await runUsers(dataDir, ['add', '--email', 'staff@example.com', '--role', 'staff'], 'typed password\n');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Created staff@example.com  staff');
    const [row] = await served.db.select().from(users).where(eq(users.email, 'staff@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash, 'typed password')).toBe(true);

    // Lost the authenticator: --reset-2fa turns two-step sign-in off, with a new password.
    await served.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() })
      .where(eq(users.email, 'staff@example.com'));
    expect((await runUsers(dataDir, ['list'])).stdout.trim()).toBe('staff@example.com  staff  (two-step)');
    const reset = await runUsers(
      dataDir,
      ['add', '--email', 'staff@example.com', '--role', 'staff', '--reset-2fa'],
      'another password\n',
    );
    expect(reset.stdout).toContain('Updated staff@example.com  staff');
    const [after] = await served.db.select().from(users).where(eq(users.email, 'staff@example.com'));
    expect(after).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await verifyPassword(after?.passwordHash, 'another password')).toBe(true);
  }, 120_000);

  it('keeps the socket to this OS user and takes only an argon2id hash, never a password', async () => {
    const socketPath = controlSocketPath(dataDir);
    expect((await stat(socketPath)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'control'))).mode & 0o777).toBe(0o700);
    const plain = await sendControlRequest(socketPath, {
      command: 'upsert-user',
      email: 'plain@example.com',
      role: 'admin',
      passwordHash: 'hunter2 in the clear',
    });
    expect(plain).toEqual({ ok: false, message: 'Not a request this server takes.' });
    const [row] = await served.db.select().from(users).where(eq(users.email, 'plain@example.com'));
    expect(row).toBeUndefined();
  });

  it('does not let a second site open the directory', async () => {
    await expect(claimDataDir(dataDir, 'server')).rejects.toBeInstanceOf(DataDirBusyError);
  });
});

describe('claimDataDir', () => {
  it('replaces a socket file left by a crash', async () => {
    const dataDir = await tempDataDir();
    await mkdir(join(dataDir, 'control'), { recursive: true });
    await writeFile(controlSocketPath(dataDir), '');
    const claim = await claimDataDir(dataDir, 'users-command');
    const hello = await sendControlRequest(claim.socketPath, { command: 'hello' });
    expect(hello).toMatchObject({ ok: true, holder: 'users-command', pid: process.pid });
    await claim.release();
    await expect(stat(claim.socketPath)).rejects.toThrow(/ENOENT/);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('npm run users on PostgreSQL', () => {
  it('connects with DATABASE_URL, whatever holds the data directory', async () => {
    const database = await createTestDatabase();
    try {
      const dataDir = await tempDataDir();
      const run = await runUsers(
        dataDir,
        ['add', '--email', 'pg@example.com', '--password', 'long enough pw', '--role', 'admin'],
        '',
        { DATABASE_URL: database.url ?? '' },
      );
      expect(run.stdout).toContain('Created pg@example.com  admin');
      const [row] = await database.db.select().from(users).where(eq(users.email, 'pg@example.com'));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    } finally {
      await database.cleanup();
    }
  }, 120_000);
});
