// The control socket's own rules; the commands on it are tested in
// users.test.ts and seed.test.ts, the demo year in services/demo/history.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@sas/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, sendControlRequest, type DataDirClaim } from './control-socket.js';

let dataDir: string;
let claim: DataDirClaim | undefined;
let database: TestDatabase | undefined;

afterEach(async () => {
  await claim?.release();
  await database?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
  claim = undefined;
  database = undefined;
});

async function claimWithIdleLimit(idleMs: number): Promise<DataDirClaim> {
  // Short, so the socket path fits in sun_path.
  dataDir = await mkdtemp(join(tmpdir(), 'sas-cs-'));
  return claimDataDir(dataDir, 'server', { idleMs });
}

describe('the control socket', () => {
  it('answers a request that takes longer than a connection may stay silent before sending one', async () => {
    claim = await claimWithIdleLimit(20);
    database = await createTestDatabase();
    // A database that answers as one under load does: each transaction starts 100 ms late.
    const db = database.db;
    const slowDb = new Proxy(db, {
      get: (target, property, receiver): unknown =>
        property === 'transaction'
          ? async (...args: Parameters<typeof db.transaction>) => {
              await new Promise((resolve) => setTimeout(resolve, 100));
              return target.transaction(...args);
            }
          : Reflect.get(target, property, receiver),
    });
    claim.serve(slowDb);
    const answer = await sendControlRequest(claim.socketPath, { command: 'seed', demoHistory: false });
    expect(answer).toMatchObject({ ok: true, catalogue: { seeded: true } });
  });

  it('closes a connection that sends no request within the limit', async () => {
    claim = await claimWithIdleLimit(20);
    const socketPath = claim.socketPath;
    const closed = await new Promise<boolean>((resolve) => {
      const socket = createConnection(socketPath);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(true));
    });
    expect(closed).toBe(true);
  });
});
