// Which homes have a taken night in a stay's dates, kept in memory per date
// range for the availability search (issue 25): at 500 homes the search spent
// its time asking the database the same question again for every guest.
//
// It never answers from before a write that committed before the search began:
// every write to stays moves the stays_version counter (the stays-notify
// migration), which each search reads first (one row) and a kept range must
// match. The write's notice on the cache bus (ADR 018) then drops every range,
// which also covers a write that committed while a search was reading. A
// payment hold lapses with no write at all, so a range is kept no longer than
// its earliest hold's expiry; and while the bus is not listening nothing is
// kept, so every search reads the database as before.
//
// Reading the counter is the one round trip a search still makes, and at 25
// homes it was most of a search's cost (issue 25 part 3). Searches that arrive
// while a read of it is on its way share the next one (sharedReads): one round
// trip then serves every search that arrived during the one before, and each
// still sees a value read after it began.
import type { Database } from '@sas/db';
import type { IsoDate } from '@sas/domain';
import { homesWithTakenNights, staysVersion, staysVersionSql } from './availability.js';
import type { CacheBus } from './cache-bus.js';

export interface TakenHomesCache {
  /** Homes with a taken night in [from, to), as of `now` (the app's clock). */
  get(db: Database, from: IsoDate, to: IsoDate, now: Date): Promise<ReadonlySet<string>>;
  /** Forgets every range (e.g. the bus reset). */
  clear(): void;
}

/** Ranges kept at most; the oldest goes first. A search cycles through a few hundred at most. */
const maxRanges = 4_096;

interface Entry {
  homes: ReadonlySet<string>;
  /** Epoch ms after which the entry is stale (a hold lapses); Infinity without holds. */
  until: number;
  /** stays_version when it was read. */
  version: string;
}

const ignore = (): void => undefined;

/**
 * `read`, shared by callers that overlap. A caller never joins a read already
 * on its way (it may have been answered before the caller began): it joins the
 * next one, sent as soon as the one on its way returns, together with every
 * caller that arrived meanwhile. With no read on its way, one is sent at once.
 * So whatever a caller gets was read after it called, and under load one read
 * is on its way at a time, however many callers there are.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let onItsWay: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const send = (): Promise<T> => {
    const sent = read();
    onItsWay = sent;
    const landed = () => {
      if (onItsWay === sent) onItsWay = undefined;
    };
    sent.then(landed, landed);
    return sent;
  };
  return () => {
    if (next) return next;
    if (!onItsWay) return send();
    next = onItsWay.then(ignore, ignore).then(() => {
      next = undefined;
      return send();
    });
    return next;
  };
}

/**
 * The stays counter, read on the bus's own connection where it has one (on
 * PostgreSQL about half the CPU and a third of the wait of a read through
 * Drizzle and the pool, which stays free for other queries), else on `db`;
 * on `db` too if that read fails (its connection was lost, say). Either read
 * is sent after the call, so sharedReads' promise holds.
 */
function busOrDatabaseVersion(bus: CacheBus) {
  return async (db: Database): Promise<string> => {
    if (!bus.readValue) return staysVersion(db);
    try {
      return (await bus.readValue('sas_stays_version', staysVersionSql)) ?? '';
    } catch {
      return staysVersion(db);
    }
  };
}

/**
 * `read` is the database's answer (homesWithTakenNights) and `readVersion` the
 * stays counter (busOrDatabaseVersion); a test passes ones that count.
 */
export function createTakenHomesCache(
  bus: CacheBus,
  read = homesWithTakenNights,
  readVersion: (db: Database) => Promise<string> = busOrDatabaseVersion(bus),
): TakenHomesCache {
  const ranges = new Map<string, Entry>();
  // One shared reader of the counter per database (the app has one).
  const versions = new WeakMap<Database, () => Promise<string>>();
  const versionOf = (db: Database): Promise<string> => {
    let shared = versions.get(db);
    if (!shared) {
      shared = sharedReads(() => readVersion(db));
      versions.set(db, shared);
    }
    return shared();
  };
  // Bumped on every change heard: a read that started before it is answered but not kept.
  let generation = 0;
  const clear = () => {
    generation += 1;
    ranges.clear();
  };
  bus.subscribe((event) => {
    if (event.kind === 'reset' || event.table === 'stays') clear();
  });

  return {
    clear,
    async get(db, from, to, now) {
      const key = `${from}/${to}`;
      const version = bus.live ? await versionOf(db) : '';
      const kept = ranges.get(key);
      if (kept && kept.until > now.getTime() && kept.version === version && bus.live) {
        // Most recently used last.
        ranges.delete(key);
        ranges.set(key, kept);
        return kept.homes;
      }
      const started = generation;
      const live = bus.live;
      const { homes, holdLapsesAt } = await read(db, from, to);
      if (live && bus.live && started === generation) {
        if (ranges.size >= maxRanges) ranges.delete(ranges.keys().next().value ?? '');
        ranges.set(key, { homes, until: holdLapsesAt?.getTime() ?? Number.POSITIVE_INFINITY, version });
      }
      return homes;
    },
  };
}
