// Every home's listing card, serialised once, and each collection's order,
// kept in memory (ADR 018). The collection listing and the availability
// search answer with these cards; a page of a collection is a slice of the
// stored JSON texts joined, so a listing costs no query and no
// serialisation. The whole set is read again after any change to homes,
// collections or reviews, which the cache bus reports from every process.
import type { Database } from '@sas/db';
import { propertyCardSchema, type CollectionName, type PropertyCard } from '@sas/domain';
import { createSnapshot, type CacheBus } from './cache-bus.js';
import { listAllCards } from './catalog.js';

export interface CachedCard {
  card: PropertyCard;
  /** The card as the API sends it: the text the response serialiser would make of it. */
  json: string;
}

export interface CatalogSnapshot {
  cards: ReadonlyMap<string, CachedCard>;
  /** Ids in curated order; a collection without homes is absent. */
  collections: ReadonlyMap<CollectionName, readonly string[]>;
}

export interface CatalogCache {
  current(): Promise<CatalogSnapshot>;
  clear(): void;
}

/** A backstop only: changes are heard as they happen. */
export const catalogCacheTtlMs = 10 * 60_000;

/**
 * The JSON text Fastify's serialiser makes of a card with the route's schema
 * (fastify-type-provider-zod encodes with it, then JSON.stringify): the same
 * keys in the same order, nothing else.
 */
export function cardJson(card: PropertyCard): string {
  return JSON.stringify(propertyCardSchema.encode(card));
}

export async function loadCatalogSnapshot(db: Database): Promise<CatalogSnapshot> {
  const { cards, collections } = await listAllCards(db);
  return {
    cards: new Map(cards.map((card) => [card.id, { card, json: cardJson(card) }])),
    collections,
  };
}

export function createCatalogCache(
  db: Database,
  { bus, ttlMs = catalogCacheTtlMs }: { bus: CacheBus; ttlMs?: number },
): CatalogCache {
  const snapshot = createSnapshot(() => loadCatalogSnapshot(db), {
    bus,
    tables: ['properties', 'property_collections', 'reviews', 'review_blocklist'],
    ttlMs,
  });
  return { current: () => snapshot.get(), clear: () => snapshot.clear() };
}

export interface CollectionPageText {
  /** A JSON array of cards. */
  json: string;
  /** Homes in the whole collection, whatever the page. */
  total: number;
}

/** One page of a collection (the whole of it without paging) as JSON text. */
export function collectionPageJson(
  snapshot: CatalogSnapshot,
  collection: CollectionName,
  paging?: { page: number; size: number },
): CollectionPageText {
  const ids = snapshot.collections.get(collection) ?? [];
  const shown = paging ? ids.slice(paging.page * paging.size, (paging.page + 1) * paging.size) : ids;
  const texts: string[] = [];
  for (const id of shown) {
    const cached = snapshot.cards.get(id);
    if (cached) texts.push(cached.json);
  }
  return { json: `[${texts.join(',')}]`, total: ids.length };
}
