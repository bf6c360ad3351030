// A home's details are read on every property page twice (the server-rendered
// head and the SPA's API call) and change only when the catalogue is edited.
// This cache keeps each home's details, and their JSON text, so those reads
// skip the four queries and the serialisation (ADR 014, ADR 018).
//
// With a cache bus (the app's), any change to a table the details are read
// from drops every entry at once, in every process (ADR 018), and nothing is
// kept while the bus is not listening. The time to live remains, for the
// one part that changes with the calendar rather than with the tables: the
// lowest nightly rate of the coming year. Without a bus (unit tests) only
// the time to live and clear() end an entry.
//
// Entries are keyed by the name a read used, in the form the resolver answers
// from: `id:{uuid}`, or `name:{slug form}` for a slug or a listing number
// (resolvePropertyRef's answer depends on nothing else). A home is kept under
// its UUID, its canonical slug and, once read by it, its listing number: a
// bounded handful of keys. Literal-rule slug variants are resolved on every
// read and never become keys, as there is no end to the ways of placing dashes.
import type { Database } from '@sas/db';
import type { PropertyDetails, PropertyRef } from '@sas/domain';
import { cachedTables, onChangeOf, type CacheBus } from './cache-bus.js';
import { findPropertyById } from './catalog.js';
import { resolvePropertyRef } from './property-ref.js';

export interface CachedDetails {
  details: PropertyDetails;
  /** `details` as the API sends them, serialised once. */
  json: string;
}

export interface DetailsCache {
  /** The home `ref` names (see resolvePropertyRef), or null when there is none (never cached: unknown names cannot fill memory). */
  get(ref: PropertyRef): Promise<CachedDetails | null>;
  /** Forgets everything, e.g. after the catalogue was edited. */
  clear(): void;
}

export interface DetailsCacheOptions {
  ttlMs: number;
  now?: () => number;
  /** Drops everything on any change of the tables details are read from (all of cachedTables). */
  bus?: CacheBus;
}

/** How long details are served from memory: long enough to absorb traffic, short enough for edits to show. */
export const defaultDetailsTtlMs = 30_000;

const idKey = (id: string): string => `id:${id.toLowerCase()}`;
const nameKey = (slug: string): string => `name:${slug}`;

function keyOf(ref: PropertyRef): string {
  return ref.kind === 'uuid' ? idKey(ref.id) : nameKey(ref.slug);
}

export function createDetailsCache(db: Database, { ttlMs, now = Date.now, bus }: DetailsCacheOptions): DetailsCache {
  const entries = new Map<string, { value: CachedDetails; expiresAt: number }>();
  // Concurrent misses for one home share a single database read.
  const pending = new Map<string, Promise<CachedDetails | null>>();
  let generation = 0;

  const clear = (): void => {
    generation += 1;
    entries.clear();
    pending.clear();
  };
  // Details show the home, its collections, nearby places, reviews and rates: every cached table.
  if (bus) onChangeOf(bus, cachedTables, clear);

  async function load(ref: PropertyRef, key: string): Promise<CachedDetails | null> {
    const startedIn = generation;
    const liveAtStart = bus?.live ?? true;
    const home = await resolvePropertyRef(db, ref);
    const details = home ? await findPropertyById(db, home.id) : null;
    if (!home || !details) return null;
    const value = { details, json: JSON.stringify(details) };
    // A clear() while the read was running may have been caused by an edit
    // the read did not see: answer it, but do not keep it. Nor while changes
    // cannot be heard.
    if (ttlMs > 0 && startedIn === generation && liveAtStart && (bus?.live ?? true)) {
      const expiresAt = now() + ttlMs;
      // The UUID and the canonical slug always lead to this home, so
      // /property/{uuid} and /property/{slug} warm each other. The name read
      // by is kept too unless it was a slug variant (see the top of the file).
      const names = [idKey(details.id), nameKey(details.slug)];
      if (home.match !== 'variant') names.push(key);
      for (const name of names) entries.set(name, { value, expiresAt });
    }
    return value;
  }

  return {
    get(ref) {
      if (ref.kind === 'slug' && ref.slug === '') return Promise.resolve(null);
      const key = keyOf(ref);
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return Promise.resolve(hit.value);
      if (hit) entries.delete(key);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const loading: Promise<CachedDetails | null> = load(ref, key).finally(() => {
        // Unless a clear() let a newer read take the slot.
        if (pending.get(key) === loading) pending.delete(key);
      });
      pending.set(key, loading);
      return loading;
    },
    clear,
  };
}
