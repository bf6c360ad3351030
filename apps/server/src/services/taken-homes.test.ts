// The availability search's homes with a taken night, kept per date range:
// asked of the database once, again only after a change to stays, after the
// earliest payment hold among them lapses, or whenever changes cannot be heard.
import { queryRows, stays } from '@sas/db';
import { insertProperty, insertStay } from '@sas/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import type { CacheBus, CacheEvent } from './cache-bus.js';
import { homesWithTakenNights, staysVersion, staysVersionSql } from './availability.js';
import { createTakenHomesCache, sharedReads } from './taken-homes.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});

afterAll(async () => {
  await t?.close();
});

/** A bus the test drives: live or not, changes announced by hand, and reads on its connection if given. */
function testBus(live = true, readValue?: CacheBus['readValue']) {
  const listeners = new Set<(event: CacheEvent) => void>();
  const bus = {
    live,
    readValue,
    subscribe(listener: (event: CacheEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const announce = (event: CacheEvent) => listeners.forEach((listener) => listener(event));
  return { bus: bus as unknown as CacheBus & { live: boolean }, announce };
}

/** A cache on the test database, and how many times it has read the taken homes and the stays counter so far. */
function countingCache(bus: CacheBus) {
  let reads = 0;
  let versionReads = 0;
  const cache = createTakenHomesCache(
    bus,
    (...args) => {
      reads += 1;
      return homesWithTakenNights(...args);
    },
    (db) => {
      versionReads += 1;
      return staysVersion(db);
    },
  );
  return { cache, db: t.db, reads: () => reads, versionReads: () => versionReads };
}

describe('the taken homes of a date range', () => {
  it('asks the database once, and again after a change to stays is heard', async () => {
    const home = await insertProperty(t.db);
    await insertStay(t.db, home.id, { checkIn: '2031-03-02', checkOut: '2031-03-04' });
    const { bus, announce } = testBus();
    const { cache, db, reads } = countingCache(bus);
    const now = new Date();

    expect(await cache.get(db, '2031-03-01', '2031-03-05', now)).toContain(home.id);
    expect(await cache.get(db, '2031-03-01', '2031-03-05', now)).toContain(home.id);
    expect(reads()).toBe(1);

    announce({ kind: 'changed', table: 'stays', id: home.id });
    await cache.get(db, '2031-03-01', '2031-03-05', now);
    expect(reads()).toBe(2);
    // Another table's change is no stays' change.
    announce({ kind: 'changed', table: 'reviews', id: home.id });
    await cache.get(db, '2031-03-01', '2031-03-05', now);
    expect(reads()).toBe(2);
  });

  it('sees a write at once, before its notice is heard', async () => {
    const home = await insertProperty(t.db);
    const { bus } = testBus();
    const { cache, db, reads } = countingCache(bus);
    const now = new Date();

    expect(await cache.get(db, '2031-05-01', '2031-05-05', now)).not.toContain(home.id);
    await insertStay(t.db, home.id, { checkIn: '2031-05-02', checkOut: '2031-05-03' });
    // Nothing announced: the stays counter moved with the write.
    expect(await cache.get(db, '2031-05-01', '2031-05-05', now)).toContain(home.id);
    expect(reads()).toBe(2);
    expect(await cache.get(db, '2031-05-01', '2031-05-05', now)).toContain(home.id);
    expect(reads()).toBe(2);
  });

  it('asks again once the earliest payment hold among them has lapsed', async () => {
    const home = await insertProperty(t.db);
    const lapses = new Date(Date.now() + 10 * 60_000);
    await insertStay(t.db, home.id, { checkIn: '2031-04-02', checkOut: '2031-04-04', kind: 'hold', expiresAt: lapses });
    const { bus } = testBus();
    const { cache, db, reads } = countingCache(bus);

    expect(await cache.get(db, '2031-04-01', '2031-04-05', new Date())).toContain(home.id);
    await cache.get(db, '2031-04-01', '2031-04-05', new Date(lapses.getTime() - 1));
    expect(reads()).toBe(1);
    await cache.get(db, '2031-04-01', '2031-04-05', lapses);
    expect(reads()).toBe(2);
  });

  it('sees a write from searches that overlap, which share their reads of the stays counter', async () => {
    const home = await insertProperty(t.db);
    const { bus } = testBus();
    const { cache, db, reads, versionReads } = countingCache(bus);
    const now = new Date();
    expect(await cache.get(db, '2031-06-01', '2031-06-05', now)).not.toContain(home.id);

    await insertStay(t.db, home.id, { checkIn: '2031-06-02', checkOut: '2031-06-03' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => cache.get(db, '2031-06-01', '2031-06-05', now)),
    );
    for (const homes of answers) expect(homes).toContain(home.id);
    // The first search read the counter at once, the seven after it shared the next read.
    expect(versionReads()).toBe(3);
    expect(reads()).toBeLessThanOrEqual(3);
  });

  it("reads the stays counter on the bus's connection, and on the database when that read fails", async () => {
    const home = await insertProperty(t.db);
    const asked: string[] = [];
    let connectionLost = false;
    const { bus } = testBus(true, async (_name, text) => {
      asked.push(text);
      if (connectionLost) throw new Error('Not listening: no connection to read on');
      // What the listening connection would answer.
      return (await queryRows<{ value: string }>(t.db, sql.raw(text.replace('last_value::text', 'last_value::text AS value'))))[0]?.value ?? null;
    });
    const cache = createTakenHomesCache(bus);
    const now = new Date();

    expect(await cache.get(t.db, '2031-07-01', '2031-07-05', now)).not.toContain(home.id);
    await insertStay(t.db, home.id, { checkIn: '2031-07-02', checkOut: '2031-07-03' });
    expect(await cache.get(t.db, '2031-07-01', '2031-07-05', now)).toContain(home.id);
    expect(asked).toEqual([staysVersionSql, staysVersionSql]);

    connectionLost = true;
    await t.db.delete(stays).where(eq(stays.propertyId, home.id));
    expect(await cache.get(t.db, '2031-07-01', '2031-07-05', now)).not.toContain(home.id);
  });

  it('keeps nothing while changes cannot be heard', async () => {
    const { bus } = testBus(false);
    const { cache, db, reads } = countingCache(bus);
    await cache.get(db, '2031-05-01', '2031-05-05', new Date());
    await cache.get(db, '2031-05-01', '2031-05-05', new Date());
    expect(reads()).toBe(2);
  });
});

/** A read the test answers by hand, how many times it was sent, and a wait for the n-th to be sent. */
function manualRead() {
  const sent: { resolve: (value: number) => void; reject: (err: Error) => void }[] = [];
  const waiting: { count: number; resume: () => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      sent.push({ resolve, reject });
      for (const wait of waiting.filter((w) => w.count <= sent.length)) wait.resume();
    });
  const sentTimes = (count: number) =>
    new Promise<void>((resume) => {
      if (sent.length >= count) resume();
      else waiting.push({ count, resume });
    });
  const answer = (index: number, value: number) => sent[index]?.resolve(value);
  const fail = (index: number, err: Error) => sent[index]?.reject(err);
  return { read, sent, sentTimes, answer, fail };
}

describe('reads shared by callers that overlap', () => {
  it('never joins a read on its way: callers meanwhile share the next one, sent when it returns', async () => {
    const { read, sent, sentTimes, answer } = manualRead();
    const shared = sharedReads(read);

    const first = shared();
    expect(sent).toHaveLength(1);
    // A write may land now: the first read may have been answered before it.
    const second = shared();
    const third = shared();
    expect(sent).toHaveLength(1);

    answer(0, 1);
    expect(await first).toBe(1);
    await sentTimes(2);
    answer(1, 2);
    expect([await second, await third]).toEqual([2, 2]);

    // Nothing on its way: the next caller reads at once.
    const fourth = shared();
    expect(sent).toHaveLength(3);
    answer(2, 3);
    expect(await fourth).toBe(3);
  });

  it('fails only the callers of a read that failed; the next caller reads again', async () => {
    const { read, sent, sentTimes, answer, fail } = manualRead();
    const shared = sharedReads(read);

    const first = shared();
    const second = shared();
    fail(0, new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await sentTimes(2);
    answer(1, 7);
    expect(await second).toBe(7);
    const third = shared();
    expect(sent).toHaveLength(3);
    fail(2, new Error('again'));
    await expect(third).rejects.toThrow('again');
  });
});
