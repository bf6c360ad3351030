// The one way the in-memory caches of every server process learn that the
// catalogue or the rates changed (ADR 018). Several processes share one
// database, so a change made anywhere must reach all of them at once:
//
//   - the database announces every write to a cached table itself (the
//     triggers of migration 0008 NOTIFY 'sas_cache' with the table's name),
//     so no write path can forget, be it this app, the seed or psql;
//   - each app LISTENs on its own connection (packages/db notifications.ts)
//     and hands each change to its caches, which drop what depends on it;
//   - code that edits the catalogue calls invalidateHome / invalidateReviews /
//     invalidateRates: its own caches forget at once, before the function
//     returns, and every other process hears it like a trigger's message;
//   - whenever listening stops (connection lost, not yet started) the bus is
//     not `live`: every cache is told to drop everything, stores nothing
//     until listening resumes, and is told to drop everything again then,
//     since what changed in between was not heard.
//
// Payloads are `table`, `table:id` or `sync:nonce`; anything else is taken as
// "anything may have changed".
import { cacheChangeChannel, listenForNotifications, notify, type Database, type NotificationListener } from '@sas/db';
import { randomUUID } from 'node:crypto';

/**
 * Tables whose rows some cache keeps. Stays are announced per home (the
 * stays-notify migration): only the availability search's taken homes
 * (taken-homes.ts) keep anything of them; a quote, a calendar and a booking
 * always read them live.
 */
export const cachedTables = [
  'properties',
  'property_collections',
  'nearby_places',
  'reviews',
  'review_blocklist',
  'property_rates',
  'seasonal_rates',
  'tax_jurisdictions',
  'property_tax_lines',
  'stays',
] as const;
export type CachedTable = (typeof cachedTables)[number];

export type CacheEvent =
  /** Rows of `table` changed; `id` is the home, when the sender named one. */
  | { kind: 'changed'; table: CachedTable; id: string | null }
  /** Anything may have changed: drop everything. */
  | { kind: 'reset' };

export type CacheListener = (event: CacheEvent) => void;

export interface CacheBus {
  /** Changes are being heard now; a cache may keep what it reads only while this is true. */
  readonly live: boolean;
  /** Settles once the first attempt to listen is over (either way). */
  readonly ready: Promise<void>;
  subscribe(listener: CacheListener): () => void;
  /** Announces a change: this app's caches drop it before this resolves, every other process's as soon as it hears. */
  publish(table: CachedTable, id?: string): Promise<void>;
  /**
   * Resolves once every change committed before the call has reached this
   * app's caches (a notification sent now arrives after all of them). After
   * `timeoutMs` without it, or while not live, the caches drop everything instead.
   */
  sync(timeoutMs?: number): Promise<void>;
  /**
   * A one-value read on the bus's own connection (PostgreSQL's listening one,
   * idle between notifications: no pool to wait for), e.g. the stays counter
   * the search reads (taken-homes.ts). Undefined where the bus has none
   * (PGlite, whose reads cost no round trip); rejects while not live.
   */
  readonly readValue: ((name: string, text: string) => Promise<string | null>) | undefined;
  close(): Promise<void>;
}

const tableNames: ReadonlySet<string> = new Set(cachedTables);

function isCachedTable(name: string): name is CachedTable {
  return tableNames.has(name);
}

/** What a payload on the channel says. */
export function parseCachePayload(payload: string): CacheEvent | { kind: 'sync'; nonce: string } {
  const colon = payload.indexOf(':');
  const head = colon === -1 ? payload : payload.slice(0, colon);
  const tail = colon === -1 ? null : payload.slice(colon + 1);
  if (head === 'sync' && tail) return { kind: 'sync', nonce: tail };
  if (isCachedTable(head)) return { kind: 'changed', table: head, id: tail || null };
  return { kind: 'reset' };
}

export interface CacheBusOptions {
  /** Told when listening fails or stops, and when it resumes. */
  log?: { warn(message: string): void; info(message: string): void };
  /** Passed to the listener (tests shorten the reconnect delay). */
  reconnectMinMs?: number;
  heartbeatMs?: number;
}

/** The bus of one app on `db`: one LISTEN connection on PostgreSQL, PGlite's own listen() on the embedded database. */
export function createCacheBus(db: Database, options: CacheBusOptions = {}): CacheBus {
  const { log } = options;
  const listeners = new Set<CacheListener>();
  const syncs = new Map<string, () => void>();
  let closed = false;

  const emit = (event: CacheEvent): void => {
    for (const listener of listeners) listener(event);
  };

  const listener: NotificationListener = listenForNotifications(
    db,
    cacheChangeChannel,
    {
      onNotification(payload) {
        const message = parseCachePayload(payload);
        if (message.kind === 'sync') {
          syncs.get(message.nonce)?.();
          return;
        }
        emit(message);
      },
      onLiveChange(live) {
        // Either way everything goes: on the way down because changes will
        // be missed, on the way up because some were.
        emit({ kind: 'reset' });
        if (live) log?.info('Cache invalidation: listening for catalogue and rate changes');
        else
          log?.warn(
            'Cache invalidation: not listening; the catalogue and rates are read from the database until it is back',
          );
      },
    },
    {
      onError: (err) =>
        log?.warn(`Cache invalidation connection failed: ${err instanceof Error ? err.message : String(err)}`),
      ...(options.reconnectMinMs === undefined ? {} : { reconnectMinMs: options.reconnectMinMs }),
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    },
  );

  return {
    get live() {
      return !closed && listener.live;
    },
    ready: listener.ready,
    readValue: listener.readValue,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async publish(table, id) {
      emit({ kind: 'changed', table, id: id ?? null });
      await notify(db, cacheChangeChannel, id === undefined ? table : `${table}:${id}`);
    },
    async sync(timeoutMs = 5_000) {
      if (!listener.live) {
        emit({ kind: 'reset' });
        return;
      }
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        syncs.set(nonce, () => resolve(true));
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        await notify(db, cacheChangeChannel, `sync:${nonce}`);
        if (!(await heard)) emit({ kind: 'reset' });
      } finally {
        clearTimeout(timer);
        syncs.delete(nonce);
      }
    },
    async close() {
      closed = true;
      listeners.clear();
      await listener.close();
    },
  };
}

/** A home's own fields changed (or it was added or removed), or its collections or nearby places. */
export function invalidateHome(bus: CacheBus, propertyId: string): Promise<void> {
  return bus.publish('properties', propertyId);
}

/** A home's reviews changed: its card and its details. */
export function invalidateReviews(bus: CacheBus, propertyId: string): Promise<void> {
  return bus.publish('reviews', propertyId);
}

/** A home's rates or seasons changed; without an id, any home's (e.g. a tax jurisdiction's rate). */
export function invalidateRates(bus: CacheBus, propertyId?: string): Promise<void> {
  return bus.publish('property_rates', propertyId);
}

/**
 * Calls `invalidate` whenever one of `tables` changes or the bus resets.
 * Returns the unsubscribe function.
 */
export function onChangeOf(bus: CacheBus, tables: readonly CachedTable[], invalidate: () => void): () => void {
  const watched: ReadonlySet<CachedTable> = new Set(tables);
  return bus.subscribe((event) => {
    if (event.kind === 'reset' || watched.has(event.table)) invalidate();
  });
}

// A cached snapshot -------------------------------------------------------------------

export interface Snapshot<T> {
  /** The current value: from memory, or read (once, however many ask at the same time). */
  get(): Promise<T>;
  /** Forgets the value; a read already running is answered but not kept. */
  clear(): void;
}

export interface SnapshotOptions {
  bus: CacheBus;
  /** Which tables the value is read from. */
  tables: readonly CachedTable[];
  /** A backstop: the value is read again after this long even if no change was heard. */
  ttlMs: number;
  now?: () => number;
}

/**
 * One value read from the database and kept until a table it is read from
 * changes. It is kept only while the bus is live, and only if no change was
 * announced while it was being read (that read may have missed the change).
 */
export function createSnapshot<T>(load: () => Promise<T>, options: SnapshotOptions): Snapshot<T> {
  const { bus, ttlMs, now = Date.now } = options;
  let kept: { value: T; expiresAt: number } | undefined;
  let pending: Promise<T> | undefined;
  let generation = 0;

  const clear = (): void => {
    generation += 1;
    kept = undefined;
    pending = undefined;
  };
  onChangeOf(bus, options.tables, clear);

  return {
    get() {
      if (kept && kept.expiresAt > now()) return Promise.resolve(kept.value);
      if (pending) return pending;
      const startedIn = generation;
      // Live before the read starts: a change committed after this point is heard.
      const liveAtStart = bus.live;
      const reading = load().then(
        (value) => {
          if (startedIn === generation && liveAtStart && bus.live) kept = { value, expiresAt: now() + ttlMs };
          if (pending === reading) pending = undefined;
          return value;
        },
        (err: unknown) => {
          if (pending === reading) pending = undefined;
          throw err;
        },
      );
      pending = reading;
      return reading;
    },
    clear,
  };
}
