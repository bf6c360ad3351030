// The embedded database's lock and the way into a running server of the
// users and seed commands (issue 14; ADR 024, ADR 040). Only one process may
// open a PGlite data directory, and PGlite itself does not lock it, so
// whoever opens it (the server, or a command when no server runs) first binds
// a Unix domain socket in DATA_DIR/control: binding is atomic, and the socket
// dies with its process, so a crash leaves nothing that blocks the next start.
//
// The server answers on it a narrow set of commands (who holds the directory,
// create or update an account, list accounts, seed the catalogue and the demo
// history). Nothing listens on the network for them: the socket's directory
// is 0700 and the socket 0600, so only the OS user running the site (who can
// read the data directory anyway) can connect. Passwords are hashed by the
// command before they are sent.
import { chmod, mkdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join, relative } from 'node:path';
import { userInfo } from 'node:os';
import type { Database } from '@sas/db';
import { adminUserSchema, homesField, isDomainError, userRoles } from '@sas/domain';
import { z } from 'zod';
import { listUsers, upsertAccount } from '../services/console/users.js';
import { seedDatabase } from '../services/demo/index.js';
import { runTwin } from '../services/google/twin.js';

export const holders = ['server', 'users-command', 'seed-command', 'price-check'] as const;
export type Holder = (typeof holders)[number];

const emailField = z.string().trim().min(1).max(254).pipe(z.email());

export const controlRequestSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('hello') }),
  z.object({
    command: z.literal('upsert-user'),
    email: emailField,
    role: z.enum(userRoles),
    // Only an argon2id hash is taken: a plain password must never be stored.
    passwordHash: z
      .string()
      .regex(/^\$argon2id\$/)
      .max(512)
      .optional(),
    homes: homesField.optional(),
    resetTotp: z.boolean().optional(),
  }),
  z.object({ command: z.literal('list-users'), all: z.boolean().optional() }),
  z.object({ command: z.literal('seed'), demoHistory: z.boolean() }),
  z.object({ command: z.literal('price-check'), homes: z.array(z.string().max(100)).max(1000).optional() }),
]);
export type ControlRequest = z.infer<typeof controlRequestSchema>;

const demoHistoryOutcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('seeded'),
    bookings: z.number(),
    cancelled: z.number(),
    ownerBlocks: z.number(),
    reviews: z.number(),
    inquiries: z.number(),
    skipped: z.number(),
  }),
  z.object({ status: z.literal('skipped'), reason: z.string() }),
]);

export const controlResponseSchema = z.union([
  z.object({ ok: z.literal(true), holder: z.enum(holders), pid: z.number(), ready: z.boolean() }),
  z.object({ ok: z.literal(true), created: z.boolean(), user: adminUserSchema }),
  z.object({ ok: z.literal(true), users: z.array(adminUserSchema) }),
  z.object({
    ok: z.literal(true),
    catalogue: z.object({ seeded: z.boolean(), properties: z.number() }),
    demoHistory: demoHistoryOutcomeSchema.nullable(),
  }),
  z.object({
    ok: z.literal(true),
    priceCheck: z.object({
      homes: z.number(),
      itineraries: z.number(),
      mismatches: z.array(
        z.object({
          propertyId: z.string(),
          checkIn: z.string(),
          checkOut: z.string(),
          ariTotal: z.number().nullable(),
          siteTotal: z.number().nullable(),
          reason: z.string(),
        }),
      ),
      unsent: z.array(z.string()),
      ms: z.number(),
    }),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type ControlResponse = z.infer<typeof controlResponseSchema>;

/** One request line is a few hundred bytes; anything much bigger is not ours. */
const maxLineBytes = 64 * 1024;
/** sun_path holds 108 bytes with its terminating NUL. */
const maxSocketPathBytes = 107;

export class DataDirBusyError extends Error {
  override readonly name = 'DataDirBusyError';
  readonly holder: Holder;
  readonly pid: number;

  constructor(holder: Holder, pid: number) {
    super(
      holder === 'server'
        ? `The site (process ${pid}) is using this data directory.`
        : `Another ${holder.replace('-', ' ')} (process ${pid}) is using this data directory; try again in a moment.`,
    );
    this.holder = holder;
    this.pid = pid;
  }
}

/** The socket's path: absolute, or relative to the working directory when only that fits in sun_path. */
export function controlSocketPath(dataDir: string): string {
  const absolute = join(dataDir, 'control', 'control.sock');
  if (Buffer.byteLength(absolute) <= maxSocketPathBytes) return absolute;
  const shorter = relative(process.cwd(), absolute);
  if (Buffer.byteLength(shorter) <= maxSocketPathBytes) return shorter;
  throw new Error(`DATA_DIR is too long for its control socket (${absolute}); choose a shorter DATA_DIR.`);
}

/** Sends one request and reads its one-line answer; rejects with the socket error (ENOENT, ECONNREFUSED). */
export function sendControlRequest(
  socketPath: string,
  request: ControlRequest,
  timeoutMs = 30_000,
): Promise<ControlResponse> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The server did not answer in time.')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      socket.end();
      try {
        resolve(controlResponseSchema.parse(JSON.parse(buffer.slice(0, end))));
      } catch (err) {
        reject(new Error('The server answered something this command does not understand.', { cause: err }));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('The server closed the connection without answering.')));
  });
}

type Handler = (request: ControlRequest) => Promise<ControlResponse>;

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(path, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

export interface DataDirClaim {
  socketPath: string;
  /** Starts answering commands on this database (the server, once it is open). */
  serve(db: Database): void;
  release(): Promise<void>;
}

/**
 * Claims the data directory for this process, or throws DataDirBusyError
 * naming who holds it. A socket file nobody answers on is left from a crash
 * and is replaced.
 */
export async function claimDataDir(
  dataDir: string,
  holder: Holder,
  /** How long a connection may stay silent before its request is complete. */
  { idleMs = 30_000 }: { idleMs?: number } = {},
): Promise<DataDirClaim> {
  const socketPath = controlSocketPath(dataDir);
  const dir = join(dataDir, 'control');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode alone; the directory is what keeps other users out.
  await chmod(dir, 0o700);

  let handler: Handler | undefined;
  const answer: Handler = async (request) => {
    if (request.command === 'hello') return { ok: true, holder, pid: process.pid, ready: handler !== undefined };
    if (!handler) return { ok: false, message: 'The site is still starting; try again in a moment.' };
    return handler(request);
  };
  const server = createServer((socket) => serveConnection(socket, answer, idleMs));

  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, socketPath);
      break;
    } catch (err) {
      if (errorCode(err) !== 'EADDRINUSE' || attempt > 0) throw err;
      const hello = await sendControlRequest(socketPath, { command: 'hello' }, 5_000).catch((cause: unknown) => {
        if (errorCode(cause) === 'ECONNREFUSED' || errorCode(cause) === 'ENOENT') return null;
        throw cause;
      });
      if (hello && 'holder' in hello) throw new DataDirBusyError(hello.holder, hello.pid);
      if (hello) throw new Error(`Something else answers on ${socketPath}.`);
      await rm(socketPath, { force: true });
    }
  }
  await chmod(socketPath, 0o600);

  return {
    socketPath,
    serve(db) {
      handler = (request) => handleControlCommand(db, request);
    },
    async release() {
      // close() removes the socket file once the connections in flight are done.
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The server's claim: a command holding the directory finishes within
 * seconds, so it is waited for; another server is not.
 */
export async function claimDataDirForServer(dataDir: string, waitMs = 30_000): Promise<DataDirClaim> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await claimDataDir(dataDir, 'server');
    } catch (err) {
      if (!(err instanceof DataDirBusyError) || err.holder === 'server' || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function serveConnection(socket: Socket, answer: Handler, idleMs: number): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.setTimeout(idleMs, () => socket.destroy());
  socket.on('error', () => undefined);
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    if (Buffer.byteLength(buffer) > maxLineBytes) {
      socket.end(`${JSON.stringify({ ok: false, message: 'Request too large.' })}\n`);
      return;
    }
    const end = buffer.indexOf('\n');
    if (end === -1) return;
    socket.pause();
    // The idle limit is for sending a request; answering one may take longer
    // (the demo year on a busy machine took over 30 s), and the command waits for it.
    socket.setTimeout(0);
    const line = buffer.slice(0, end);
    void respond(line, answer).then((response) => socket.end(`${JSON.stringify(response)}\n`));
  });
}

async function respond(line: string, answer: Handler): Promise<ControlResponse> {
  let request: ControlRequest;
  try {
    request = controlRequestSchema.parse(JSON.parse(line));
  } catch {
    return { ok: false, message: 'Not a request this server takes.' };
  }
  try {
    return await answer(request);
  } catch (err) {
    // A rule the request broke (an unknown home, the last admin): its message says which.
    if (isDomainError(err)) return { ok: false, message: err.message };
    console.error('control socket request failed:', err);
    return { ok: false, message: 'The server could not do this; see its log.' };
  }
}

/** Who the audit log names for changes made with a command: `users command (alice)`. */
export function commandActor(command = 'users command'): { id: null; email: string } {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // Some containers run as a user without a name.
  }
  return { id: null, email: `${command} (${user})` };
}

/** The commands, on whichever process holds the database. */
export async function handleControlCommand(db: Database, request: ControlRequest): Promise<ControlResponse> {
  switch (request.command) {
    case 'hello':
      return { ok: true, holder: 'server', pid: process.pid, ready: true };
    case 'upsert-user': {
      const { created, user } = await upsertAccount(
        db,
        commandActor(),
        {
          email: request.email,
          role: request.role,
          passwordHash: request.passwordHash,
          homes: request.homes,
          resetTotp: request.resetTotp,
        },
        new Date(),
      );
      return { ok: true, created, user };
    }
    case 'list-users':
      return { ok: true, users: await listUsers(db, { all: request.all ?? false }) };
    case 'price-check': {
      const started = performance.now();
      const report = await runTwin(db, new Date(), request.homes);
      const { checkedAt: _, ...priceCheck } = report;
      return { ok: true, priceCheck: { ...priceCheck, ms: Math.round(performance.now() - started) } };
    }
    case 'seed':
      return {
        ok: true,
        ...(await seedDatabase(db, {
          demoHistory: request.demoHistory,
          now: new Date(),
          actor: commandActor('seed command'),
        })),
      };
  }
}
