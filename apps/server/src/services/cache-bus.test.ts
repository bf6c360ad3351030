// The cache bus reads the database's change messages, delivers a publish to
// this app at once, and can wait until every earlier change has arrived; a
// snapshot keeps its value only while it can hear changes, drops it on a
// change of its own tables or a reset, and never keeps a read that a change
// overtook.
import { properties } from '@sas/db';
import { createTestDatabase, insertProperty, type TestDatabase } from '@sas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCacheBus,
  createSnapshot,
  invalidateHome,
  parseCachePayload,
  type CacheBus,
  type CacheEvent,
  type CacheListener,
} from './cache-bus.js';

describe('parseCachePayload', () => {
  it('reads a table, a table with a home (a stay names its home too), and a sync marker; anything else means reset', () => {
    expect(parseCachePayload('reviews')).toEqual({ kind: 'changed', table: 'reviews', id: null });
    expect(parseCachePayload('properties:abc')).toEqual({ kind: 'changed', table: 'properties', id: 'abc' });
    expect(parseCachePayload('stays:abc')).toEqual({ kind: 'changed', table: 'stays', id: 'abc' });
    expect(parseCachePayload('sync:n1')).toEqual({ kind: 'sync', nonce: 'n1' });
    for (const odd of ['', 'bookings', 'sync', 'sync:', 'PROPERTIES', 'users:1']) {
      expect(parseCachePayload(odd)).toEqual({ kind: 'reset' });
    }
  });
});

/** A bus the test drives by hand. */
function fakeBus(): CacheBus & { emit(event: CacheEvent): void; setLive(live: boolean): void } {
  const listeners = new Set<CacheListener>();
  let live = true;
  const emit = (event: CacheEvent): void => listeners.forEach((l) => l(event));
  return {
    get live() {
      return live;
    },
    ready: Promise.resolve(),
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    publish(table, id) {
      emit({ kind: 'changed', table, id: id ?? null });
      return Promise.resolve();
    },
    sync: () => Promise.resolve(),
    readValue: undefined,
    close: () => Promise.resolve(),
    emit,
    setLive(value) {
      live = value;
      emit({ kind: 'reset' });
    },
  };
}

/** A load that counts its calls and finishes when the test says. */
function controlledLoad() {
  let calls = 0;
  const waiting: (() => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    load: () => {
      calls += 1;
      const n = calls;
      return new Promise<number>((resolve) => waiting.push(() => resolve(n)));
    },
    finish: () => waiting.splice(0).forEach((f) => f()),
  };
}

describe('createSnapshot', () => {
  it('reads once for concurrent callers and keeps the value until one of its tables changes', async () => {
    const bus = fakeBus();
    const source = controlledLoad();
    const snapshot = createSnapshot(source.load, { bus, tables: ['property_rates'], ttlMs: 60_000 });
    const both = Promise.all([snapshot.get(), snapshot.get()]);
    source.finish();
    expect(await both).toEqual([1, 1]);
    expect(await snapshot.get()).toBe(1);

    bus.emit({ kind: 'changed', table: 'reviews', id: null });
    expect(await snapshot.get()).toBe(1);

    bus.emit({ kind: 'changed', table: 'property_rates', id: 'x' });
    const next = snapshot.get();
    source.finish();
    expect(await next).toBe(2);
    bus.emit({ kind: 'reset' });
    const afterReset = snapshot.get();
    source.finish();
    expect(await afterReset).toBe(3);
  });

  it('answers but does not keep a read that a change overtook', async () => {
    const bus = fakeBus();
    const source = controlledLoad();
    const snapshot = createSnapshot(source.load, { bus, tables: ['properties'], ttlMs: 60_000 });
    const first = snapshot.get();
    bus.emit({ kind: 'changed', table: 'properties', id: null });
    // A caller after the change does not share the read that may have missed it.
    const second = snapshot.get();
    source.finish();
    expect([await first, await second]).toEqual([1, 2]);
    expect(await snapshot.get()).toBe(2);
    expect(source.calls).toBe(2);
  });

  it('keeps nothing while changes cannot be heard', async () => {
    const bus = fakeBus();
    const source = controlledLoad();
    const snapshot = createSnapshot(source.load, { bus, tables: ['properties'], ttlMs: 60_000 });
    bus.setLive(false);
    for (const expected of [1, 2]) {
      const read = snapshot.get();
      source.finish();
      expect(await read).toBe(expected);
    }
    bus.setLive(true);
    const read = snapshot.get();
    source.finish();
    expect(await read).toBe(3);
    expect(await snapshot.get()).toBe(3);
  });

  it('reads again after its time to live, as a backstop', async () => {
    const bus = fakeBus();
    let clock = 0;
    let calls = 0;
    const snapshot = createSnapshot(() => Promise.resolve(++calls), {
      bus,
      tables: ['properties'],
      ttlMs: 1_000,
      now: () => clock,
    });
    expect(await snapshot.get()).toBe(1);
    clock = 999;
    expect(await snapshot.get()).toBe(1);
    clock = 1_000;
    expect(await snapshot.get()).toBe(2);
  });
});

describe('createCacheBus', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('goes live, hears the database announce a write, and stops on close', async () => {
    const bus = createCacheBus(t.db);
    const events: CacheEvent[] = [];
    bus.subscribe((e) => events.push(e));
    await bus.ready;
    expect(bus.live).toBe(true);
    await insertProperty(t.db);
    await bus.sync();
    expect(events).toContainEqual({ kind: 'changed', table: 'properties', id: null });
    await bus.close();
    expect(bus.live).toBe(false);
  });

  it('delivers a publish to this app before it returns, and to another app as a change', async () => {
    const [mine, theirs] = [createCacheBus(t.db), createCacheBus(t.db)];
    await Promise.all([mine.ready, theirs.ready]);
    const heardHere: CacheEvent[] = [];
    const heardThere: CacheEvent[] = [];
    mine.subscribe((e) => heardHere.push(e));
    theirs.subscribe((e) => heardThere.push(e));
    const publishing = invalidateHome(mine, 'home-1');
    expect(heardHere).toEqual([{ kind: 'changed', table: 'properties', id: 'home-1' }]);
    await publishing;
    await theirs.sync();
    expect(heardThere).toEqual([{ kind: 'changed', table: 'properties', id: 'home-1' }]);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('sync() waits for every change committed before it', async () => {
    const bus = createCacheBus(t.db);
    await bus.ready;
    const tables: string[] = [];
    bus.subscribe((e) => tables.push(e.kind === 'changed' ? e.table : e.kind));
    await t.db.update(properties).set({ bedrooms: 3 });
    await t.db.transaction(async (tx) => {
      await tx.update(properties).set({ bedrooms: 4 });
    });
    await bus.sync();
    expect(tables).toEqual(['properties', 'properties']);
    await bus.close();
  });
});
