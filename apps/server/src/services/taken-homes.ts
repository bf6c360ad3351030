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
import { queryRows, type Database } from '@sas/db';
import { sql } from 'drizzle-orm';
import type { IsoDate } from '@sas/domain';
import { homesWithTakenNights } from './availability.js';
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

/** The counter every write to stays moves. */
async function staysVersion(db: Database): Promise<string> {
  const [row] = await queryRows<{ version: string }>(db, sql`SELECT last_value::text AS version FROM stays_version`);
  return row?.version ?? '';
}

/** `read` is the database's answer (homesWithTakenNights); a test passes one that counts. */
export function createTakenHomesCache(bus: CacheBus, read = homesWithTakenNights): TakenHomesCache {
  const ranges = new Map<string, Entry>();
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
      const version = bus.live ? await staysVersion(db) : '';
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
