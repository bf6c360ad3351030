// A home's details are read on every property page twice (the server-rendered
// head and the SPA's API call) and change only when the catalogue is edited.
// This cache keeps each home's details, and their JSON text, for a short time
// so those reads skip the four queries and the serialisation (ADR 014).
//
// Staleness is bounded by the time to live: another server process, or an
// import writing straight to the database, is seen within `ttlMs`. Code in
// this process that edits the catalogue calls clear() for an immediate effect.
import type { Database } from '@sas/db';
import type { PropertyDetails, PropertyRef } from '@sas/domain';
import { findPropertyByRef } from './catalog.js';

export interface CachedDetails {
  details: PropertyDetails;
  /** `details` as the API sends them, serialised once. */
  json: string;
}

export interface DetailsCache {
  /** The home `ref` names, or null when there is none (never cached: unknown names cannot fill memory). */
  get(ref: PropertyRef): Promise<CachedDetails | null>;
  /** Forgets everything, e.g. after the catalogue was edited. */
  clear(): void;
}

export interface DetailsCacheOptions {
  ttlMs: number;
  now?: () => number;
}

/** How long details are served from memory: long enough to absorb traffic, short enough for edits to show. */
export const defaultDetailsTtlMs = 30_000;

function keyOf(ref: PropertyRef): string {
  return ref.kind === 'uuid' ? `id:${ref.id.toLowerCase()}` : `slug:${ref.slug}`;
}

export function createDetailsCache(db: Database, { ttlMs, now = Date.now }: DetailsCacheOptions): DetailsCache {
  const entries = new Map<string, { value: CachedDetails; expiresAt: number }>();
  // Concurrent misses for one home share a single database read.
  const pending = new Map<string, Promise<CachedDetails | null>>();
  let generation = 0;

  async function load(ref: PropertyRef, key: string): Promise<CachedDetails | null> {
    const startedIn = generation;
    const details = await findPropertyByRef(db, ref);
    if (!details) return null;
    const value = { details, json: JSON.stringify(details) };
    // A clear() while the read was running may have been caused by an edit
    // the read did not see: answer it, but do not keep it.
    if (ttlMs > 0 && startedIn === generation) {
      const expiresAt = now() + ttlMs;
      // Every name of the home leads to the same entry, so /property/{uuid}
      // and /property/{slug} warm each other.
      for (const name of [key, `id:${details.id}`, `slug:${details.slug}`]) entries.set(name, { value, expiresAt });
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
      const loading = load(ref, key).finally(() => pending.delete(key));
      pending.set(key, loading);
      return loading;
    },
    clear() {
      generation += 1;
      entries.clear();
      pending.clear();
    },
  };
}
