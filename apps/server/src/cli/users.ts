// `npm run users -- add --email E [--password P] --role admin|staff|owner|cleaner [--homes ID,ID]`
// and `npm run users -- list [--all]` (issue 14; ADR 024): accounts on the
// configured database, whether or not the site is running. Configuration is
// read as the server reads it (env.ts). On PostgreSQL the command connects
// itself. On the embedded database it claims the data directory (see
// control-socket.ts); when the site holds it, the command goes through the
// site's control socket instead. The password is hashed (argon2id) here, so it
// never leaves this process; without --password it is asked for, hidden.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '@sas/db';
import { passwordField, userRoles, type AdminUser, type UserRole } from '@sas/domain';
import { loadEnvOrExit, type Env } from '../env.js';
import { hashPassword } from '../services/auth/passwords.js';
import {
  claimDataDir,
  controlSocketPath,
  DataDirBusyError,
  handleControlCommand,
  sendControlRequest,
  type ControlRequest,
  type ControlResponse,
} from './control-socket.js';

export const usage = `Usage:
  npm run users -- add --email EMAIL --role admin|staff|owner|cleaner [--password PASSWORD] [--homes HOME,HOME,...]
      Creates the account, or changes the role (and password, when given) of the one with this e-mail.
      Without --password you are asked for one (a new account must have one).
      --homes (owners): UUIDs, listing numbers (SAS-1006) or slugs; replaces the owner's homes.
      --reset-2fa turns two-step sign-in off, for someone who lost their authenticator app.
  npm run users -- list [--all]
      Lists owner, staff, admin and cleaner accounts (--all: guests too).`;

class UsageError extends Error {
  override readonly name = 'UsageError';
}

const consoleRoles = userRoles.filter((role) => role !== 'guest');

export interface AddCommand {
  kind: 'add';
  email: string;
  role: UserRole;
  password: string | undefined;
  homes: string[] | undefined;
  resetTotp: boolean;
}
export type Command = AddCommand | { kind: 'list'; all: boolean } | { kind: 'help' };

export function parseCommand(argv: readonly string[]): Command {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      homes: { type: 'string' },
      all: { type: 'boolean' },
      'reset-2fa': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [verb, ...rest] = positionals;
  if (values.help || verb === undefined || verb === 'help') return { kind: 'help' };
  if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest.join(' ')}`);
  if (verb === 'list') return { kind: 'list', all: values.all ?? false };
  if (verb !== 'add') throw new UsageError(`Unknown command: ${verb}`);
  if (!values.email) throw new UsageError('--email is required');
  if (!values.role) throw new UsageError('--role is required');
  if (!(consoleRoles as string[]).includes(values.role)) {
    throw new UsageError(`--role must be one of ${consoleRoles.join(', ')}`);
  }
  const homes = values.homes
    ?.split(',')
    .map((home) => home.trim())
    .filter((home) => home !== '');
  if (homes !== undefined && homes.length > 0 && values.role !== 'owner') {
    throw new UsageError('--homes is for owners only');
  }
  return {
    kind: 'add',
    email: values.email,
    role: values.role as UserRole,
    password: values.password,
    homes,
    resetTotp: values['reset-2fa'] ?? false,
  };
}

function checkPassword(password: string): string {
  const result = passwordField.safeParse(password);
  if (!result.success) throw new UsageError(result.error.issues[0]?.message ?? 'password is not valid');
  return password;
}

/** Reads a line without echoing it (a terminal), or the next line of piped input. */
async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return readPipedLine();
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (result: string | Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done(value);
        if (char === '\u0003') return done(new UsageError('Cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
  });
}

let pipedLines: Promise<string[]> | undefined;
let pipedIndex = 0;

async function readPipedLine(): Promise<string> {
  pipedLines ??= (async () => {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/);
  })();
  const lines = await pipedLines;
  const line = lines[pipedIndex++];
  if (line === undefined || line === '') throw new UsageError('No password given: use --password or type one');
  return line;
}

async function askPassword(): Promise<string> {
  const password = checkPassword(await readSecret('Password: '));
  if (process.stdin.isTTY && (await readSecret('Repeat password: ')) !== password) {
    throw new UsageError('The passwords do not match');
  }
  return password;
}

/** Runs one account command on the embedded or PostgreSQL database, wherever it is open. */
async function runOnDatabase(env: Env, request: ControlRequest): Promise<ControlResponse> {
  if (env.DATABASE_URL) return withDatabase(env, (db) => handleControlCommand(db, request));
  let claim;
  try {
    claim = await claimDataDir(env.DATA_DIR, 'users-command');
  } catch (err) {
    if (!(err instanceof DataDirBusyError) || err.holder !== 'server') throw err;
    return sendControlRequest(controlSocketPath(env.DATA_DIR), request);
  }
  try {
    return await withDatabase(env, (db) => handleControlCommand(db, request));
  } finally {
    await claim.release();
  }
}

async function withDatabase<T>(env: Env, work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

function describe(user: AdminUser): string {
  const homes = user.homes.length > 0 ? ` homes: ${user.homes.map((home) => home.propertyId).join(', ')}` : '';
  const flags = [user.hasPassword ? null : 'no password', user.totpEnabled ? 'two-step' : null].filter(Boolean);
  return `${user.email}  ${user.role}${homes}${flags.length > 0 ? `  (${flags.join(', ')})` : ''}`;
}

export async function runUsersCommand(argv: readonly string[], env: Env): Promise<string> {
  const command = parseCommand(argv);
  if (command.kind === 'help') return usage;
  if (command.kind === 'list') {
    const answer = await runOnDatabase(env, { command: 'list-users', all: command.all });
    if (!answer.ok) throw new Error(answer.message);
    if (!('users' in answer)) throw new Error('Unexpected answer');
    return answer.users.length === 0 ? 'No accounts yet.' : answer.users.map(describe).join('\n');
  }
  const password = command.password === undefined ? undefined : checkPassword(command.password);
  // Asked for before anything is opened, so a slow typist holds no lock on the database.
  const chosen = password ?? (await askPassword());
  const answer = await runOnDatabase(env, {
    command: 'upsert-user',
    email: command.email,
    role: command.role,
    passwordHash: await hashPassword(chosen),
    homes: command.homes,
    resetTotp: command.resetTotp,
  });
  if (!answer.ok) throw new Error(answer.message);
  if (!('created' in answer)) throw new Error('Unexpected answer');
  return `${answer.created ? 'Created' : 'Updated'} ${describe(answer.user)}`;
}

async function main(): Promise<void> {
  const env = loadEnvOrExit();
  try {
    console.info(await runUsersCommand(process.argv.slice(2), env));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(err instanceof UsageError ? `${message}\n\n${usage}` : message);
    process.exit(1);
  }
}

// Run as a script (npm run users), not when a test imports it.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
