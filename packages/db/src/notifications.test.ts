// Writes to the cached tables announce themselves (migration 0008), once per
// table and transaction, only after commit; a listener hears them on PGlite
// and PostgreSQL alike, and on PostgreSQL it reports a lost connection and
// listens again by itself.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheChangeChannel,
  listenerApplicationName,
  listenForNotifications,
  notify,
  openDatabase,
  properties,
  reviews,
  type DatabaseHandle,
  type NotificationListener,
} from './index.js';
import { createTestDatabase, insertProperty, insertRates, insertStay, type TestDatabase } from './testing.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

interface Heard {
  payloads: string[];
  states: boolean[];
  listener: NotificationListener;
  /**
   * Resolves once `list` (payloads or states) holds `expected.length` entries,
   * then checks them. Woken by the listener's own calls, not by polling on a
   * timer: PostgreSQL delivers on another connection whenever it does, and
   * the test's own timeout bounds the wait.
   */
  expectHeard<T>(list: T[], expected: T[]): Promise<void>;
}

const listeners: NotificationListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

async function listen(db = t.db, options = {}): Promise<Heard> {
  const payloads: string[] = [];
  const states: boolean[] = [];
  let wake: () => void = () => {};
  const heardMore = (): void => {
    const waiting = wake;
    wake = () => {};
    waiting();
  };
  const listener = listenForNotifications(
    db,
    cacheChangeChannel,
    {
      onNotification: (p) => {
        payloads.push(p);
        heardMore();
      },
      onLiveChange: (live) => {
        states.push(live);
        heardMore();
      },
    },
    options,
  );
  listeners.push(listener);
  await listener.ready;
  expect(listener.live).toBe(true);
  const expectHeard = async <T>(list: T[], expected: T[]): Promise<void> => {
    while (list.length < expected.length) await new Promise<void>((resolve) => (wake = resolve));
    expect(list).toEqual(expected);
  };
  return { payloads, states, listener, expectHeard };
}

describe('cache change notifications', () => {
  it('name the table of every write to a cached table, once per transaction, and each stay by its home', async () => {
    const heard = await listen();
    const home = await insertProperty(t.db);
    await heard.expectHeard(heard.payloads, ['properties']);

    await insertRates(t.db, home.id, { seasons: [{ start: '2031-01-01', end: '2031-02-01' }] });
    await t.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) {
        await tx.insert(reviews).values({
          id: `notify-${n}-${home.id}`,
          propertyId: home.id,
          platform: 'Airbnb',
          rating: 5,
          reviewText: 'Lovely.',
        });
      }
      await tx
        .update(properties)
        .set({ name: 'Renamed' })
        .where(sql`${properties.id} = ${home.id}`);
    });
    await insertStay(t.db, home.id, { checkIn: '2031-03-01', checkOut: '2031-03-04' });
    await notify(t.db, cacheChangeChannel, 'marker');
    await heard.expectHeard(heard.payloads, [
      'properties',
      'tax_jurisdictions',
      'property_rates',
      'seasonal_rates',
      // One transaction: three inserts are one message, and the update its own table's.
      'reviews',
      'properties',
      // Stays are many and per home: every row names its home, so search forgets only what changed.
      `stays:${home.id}`,
      'marker',
    ]);
  });

  it('are not sent for a transaction that rolls back', async () => {
    const heard = await listen();
    await t.db
      .transaction(async (tx) => {
        await tx.update(properties).set({ name: 'Never' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await notify(t.db, cacheChangeChannel, 'marker');
    await heard.expectHeard(heard.payloads, ['marker']);
  });

  it('stop reaching a listener once it is closed', async () => {
    const heard = await listen();
    await heard.listener.close();
    expect(heard.listener.live).toBe(false);
    const other = await listen();
    await notify(t.db, cacheChangeChannel, 'marker');
    await other.expectHeard(other.payloads, ['marker']);
    expect(heard.payloads).toEqual([]);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a PostgreSQL listener', () => {
  let second: DatabaseHandle;
  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: t.url! });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('answers one-value reads on its own connection, one after another and beside its heartbeat', async () => {
    const heard = await listen(t.db, { heartbeatMs: 1 });
    const read = heard.listener.readValue;
    if (!read) throw new Error('a PostgreSQL listener reads values');
    const texts = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => read(`test_read_${n % 2}`, `SELECT ${n % 2}::int + 1, 'ignored'`)),
    );
    expect(texts).toEqual(['2', '1', '2', '1', '2']);
    expect(await read('test_no_row', 'SELECT 1 WHERE false')).toBeNull();
    // On the listening connection itself, not one of the pool's.
    expect(await read('test_app_name', "SELECT current_setting('application_name')")).toBe(listenerApplicationName);
    expect(heard.listener.live).toBe(true);

    await heard.listener.close();
    await expect(read('test_read_1', 'SELECT 1')).rejects.toThrow('Not listening');
  });

  it('hears what another pool commits', async () => {
    const heard = await listen(t.db);
    await second.db.update(properties).set({ name: 'From elsewhere' });
    await heard.expectHeard(heard.payloads, ['properties']);
  });

  it('says when its connection is lost, connects and listens again, and hears later changes', async () => {
    const heard = await listen(t.db, { reconnectMinMs: 20 });
    await second.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ${listenerApplicationName} AND datname = current_database()`,
    );
    await heard.expectHeard(heard.states, [true, false, true]);
    expect(heard.listener.live).toBe(true);
    await second.db.update(properties).set({ name: 'After the reconnect' });
    await heard.expectHeard(heard.payloads, ['properties']);
  });
});
