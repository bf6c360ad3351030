// The availability search's homes with a taken night, kept per date range:
// asked of the database once, again only after a change to stays, after the
// earliest payment hold among them lapses, or whenever changes cannot be heard.
import { insertProperty, insertStay } from '@sas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import type { CacheBus, CacheEvent } from './cache-bus.js';
import { homesWithTakenNights } from './availability.js';
import { createTakenHomesCache } from './taken-homes.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});

afterAll(async () => {
  await t?.close();
});

/** A bus the test drives: live or not, and changes announced by hand. */
function testBus(live = true) {
  const listeners = new Set<(event: CacheEvent) => void>();
  const bus = {
    live,
    subscribe(listener: (event: CacheEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const announce = (event: CacheEvent) => listeners.forEach((listener) => listener(event));
  return { bus: bus as unknown as CacheBus & { live: boolean }, announce };
}

/** A cache on the test database, and how many times it has read the database so far. */
function countingCache(bus: CacheBus) {
  let reads = 0;
  const cache = createTakenHomesCache(bus, (...args) => {
    reads += 1;
    return homesWithTakenNights(...args);
  });
  return { cache, db: t.db, reads: () => reads };
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

  it('keeps nothing while changes cannot be heard', async () => {
    const { bus } = testBus(false);
    const { cache, db, reads } = countingCache(bus);
    await cache.get(db, '2031-05-01', '2031-05-05', new Date());
    await cache.get(db, '2031-05-01', '2031-05-05', new Date());
    expect(reads()).toBe(2);
  });
});
