// Several server processes share one PostgreSQL database (DESIGN.md "Scale"):
// a change written through one must reach the in-memory caches of all of
// them at once (ADR 018). Two apps with pools and listeners of their own
// stand for two processes, and a real second server process is started too.
// A process whose listener loses its connection serves fresh data until it
// listens again. PostgreSQL only: PGlite is a single process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { listenerApplicationName, properties, propertyRates, stays } from '@sas/db';
import { insertStay } from '@sas/db/testing';
import { sceneKeys } from '@sas/demo-media';
import {
  availabilitySearchResponseSchema,
  photoFileName,
  photoFormats,
  photoWidths,
  propertyCardListSchema,
  propertyDetailsSchema,
  quoteResponseSchema,
} from '@sas/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './test/helper.js';
import { tsxEnv } from './test/tsx.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Until `check` passes, or fails after five seconds (notifications take milliseconds). */
function eventually<T>(check: () => Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 5_000, interval: 25 });
}

const year = new Date().getUTCFullYear() + 1;
// Mid-October next year: outside every seeded season.
const stay = { checkin_date: `${year}-10-12`, checkout_date: `${year}-10-16`, guests: { adults: 2 } };

describe.runIf(onPostgres)('caches of several processes on one PostgreSQL', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let slug: string;
  let id: string;

  beforeAll(async () => {
    t = await buildTestApp();
    other = (await t.buildSeparateApp()).app;
    const home = t.catalog.properties.find((p) => p.propertyId === 'SAS-1001');
    if (!home) throw new Error('SAS-1001 is not in the seed');
    ({ slug, id } = home);
  });

  afterAll(async () => {
    await t?.close();
  });

  const basePrice = async (app: FastifyInstance): Promise<number> => {
    const response = await app.inject({ method: 'POST', url: `/api/properties/${slug}/quote`, payload: stay });
    return quoteResponseSchema.parse(response.json()).basePrice;
  };
  const detailsName = async (app: FastifyInstance): Promise<string> =>
    propertyDetailsSchema.parse((await app.inject({ url: `/api/properties/search/${slug}` })).json()).name;
  const setNightly = (cents: number) =>
    t.db
      .update(propertyRates)
      .set({ nightlyCents: cents, weekendCents: cents })
      .where(eq(propertyRates.propertyId, id));

  it('a rate change made through one reaches the quotes of the other', async () => {
    await setNightly(30_000);
    await other.cacheBus.sync();
    expect(await basePrice(other)).toBe(1200);
    await setNightly(40_000);
    await eventually(async () => expect(await basePrice(other)).toBe(1600));
  });

  it("a renamed home reaches the other one's listing and details", async () => {
    await t.db.update(properties).set({ name: 'Before' }).where(eq(properties.id, id));
    await other.cacheBus.sync();
    const collection = (await other.inject({ url: `/api/properties/search/${slug}` })).json<{ collections: string[] }>()
      .collections[0];
    const name = async () => {
      const response = await other.inject({ url: `/api/properties/collection/${collection}` });
      return propertyCardListSchema.parse(response.json()).find((c) => c.id === id)?.name;
    };
    expect([await name(), await detailsName(other)]).toEqual(['Before', 'Before']);
    await t.db.update(properties).set({ name: 'After' }).where(eq(properties.id, id));
    await eventually(async () => expect([await name(), await detailsName(other)]).toEqual(['After', 'After']));
  });

  it("a night taken through one is left out of the other's warm search at once, before any notice", async () => {
    const searchIds = async (app: FastifyInstance): Promise<string[]> => {
      const url = `/api/search/availability?checkIn=${stay.checkin_date}&checkOut=${stay.checkout_date}&adults=2`;
      return availabilitySearchResponseSchema.parse((await app.inject({ url })).json()).map((home) => home.id);
    };
    expect(await searchIds(other)).toContain(id);
    expect(await searchIds(other)).toContain(id);
    await insertStay(t.db, id, { checkIn: stay.checkin_date, checkOut: stay.checkout_date, kind: 'owner_block' });
    // No sync, no waiting: overlapping searches of the other process all leave it out.
    for (const ids of await Promise.all([searchIds(other), searchIds(other), searchIds(other)])) {
      expect(ids).not.toContain(id);
    }
    await t.db.delete(stays).where(eq(stays.propertyId, id));
    expect(await searchIds(other)).toContain(id);
  });

  it('one whose listener lost its connection serves fresh data, and hears changes again once back', async () => {
    await setNightly(20_000);
    await other.cacheBus.sync();
    expect(await basePrice(other)).toBe(800);
    // Ends every cache listener on this database: both "processes" lose theirs.
    await t.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ${listenerApplicationName} AND datname = current_database()`,
    );
    await eventually(() => Promise.resolve(expect(other.cacheBus.live).toBe(false)));
    // Written while nobody listens: this change's notification is lost.
    await setNightly(25_000);
    expect(await basePrice(other)).toBe(1000);
    await eventually(() => Promise.resolve(expect(other.cacheBus.live).toBe(true)));
    expect(await basePrice(other)).toBe(1000);
    await setNightly(35_000);
    await eventually(async () => expect(await basePrice(other)).toBe(1400));
  });

  describe('with a real second server process', () => {
    let child: ChildProcess | undefined;
    let origin: string;
    let dataDir: string;

    /** A free port on the loopback interface. */
    const freePort = () =>
      new Promise<number>((done, fail) => {
        const server = createServer();
        server.once('error', fail);
        server.listen(0, '127.0.0.1', () => {
          const address = server.address();
          server.close(() => done(typeof address === 'object' && address ? address.port : 0));
        });
      });

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'sas-second-process-'));
      // The photos exist already (empty files), so the server does not spend half a minute drawing them.
      const media = join(dataDir, 'media');
      await mkdir(media, { recursive: true });
      for (const key of sceneKeys) {
        for (const width of photoWidths) {
          for (const format of photoFormats) await writeFile(join(media, photoFileName(key, width, format)), '');
        }
      }
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      const serverEntry = resolve(import.meta.dirname, 'server.ts');
      const server = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        env: {
          ...process.env,
          ...tsxEnv,
          DATABASE_URL: t.databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = server;
      // Ready when it says so; the hook's timeout fails a server that never does.
      await new Promise<void>((ready, fail) => {
        let output = '';
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('is running at')) ready();
        };
        server.stdout.on('data', read);
        server.stderr.on('data', read);
        server.once('exit', () => fail(new Error(`The second server exited: ${output}`)));
      });
    }, 90_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child!.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('answers a rate change and a rename made through this one', async () => {
      const quoted = async () => {
        const response = await fetch(`${origin}/api/properties/${slug}/quote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(stay),
        });
        return quoteResponseSchema.parse(await response.json()).basePrice;
      };
      const listed = async () => {
        const response = await fetch(`${origin}/api/properties/search/${slug}`);
        return propertyDetailsSchema.parse(await response.json()).name;
      };
      // Warm its caches, then change what they hold.
      await quoted();
      await listed();
      await setNightly(45_000);
      await t.db.update(properties).set({ name: 'Seen By Both' }).where(eq(properties.id, id));
      await eventually(async () => expect(await quoted()).toBe(1800));
      await eventually(async () => expect(await listed()).toBe('Seen By Both'));
    });
  });
});
