// Collection carousels (SPEC.md section 9): each collection is shuffled, a
// home appears only in the first collection that shows it, and the fullest
// collections come first.
import type { CollectionName } from './catalog.js';
import { DomainError } from './errors.js';

export interface CollectionCards<T> {
  collection: CollectionName;
  cards: T[];
}

/** Fisher–Yates with an injected source, so tests and SSR can be deterministic. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    // random() may return exactly 1 from a careless stub; stay in range.
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    const a = result[i] as T;
    result[i] = result[j] as T;
    result[j] = a;
  }
  return result;
}

export function mergeCollectionCards<T extends { id: string }>(
  lists: readonly { collection: CollectionName; cards: readonly T[] }[],
  random: () => number,
): CollectionCards<T>[] {
  const shown = new Set<string>();
  const merged = lists.map(({ collection, cards }) => {
    const unique = shuffle(cards, random).filter((card) => {
      if (shown.has(card.id)) return false;
      shown.add(card.id);
      return true;
    });
    return { collection, cards: unique };
  });
  // Array.prototype.sort is stable, so equal sizes keep their input order.
  return merged.sort((a, b) => b.cards.length - a.cards.length);
}

export function pageCount(total: number, perPage: number): number {
  requirePageSize(perPage);
  return Math.ceil(total / perPage);
}

/**
 * Items of one carousel page. Page numbers wrap both ways, so "next" after the
 * last page and "previous" before the first need no special casing.
 */
export function pageSlice<T>(items: readonly T[], page: number, perPage: number): T[] {
  const pages = pageCount(items.length, perPage);
  if (pages === 0) return [];
  const whole = Number.isFinite(page) ? Math.trunc(page) : 0;
  const index = ((whole % pages) + pages) % pages;
  return items.slice(index * perPage, index * perPage + perPage);
}

function requirePageSize(perPage: number): void {
  if (!Number.isInteger(perPage) || perPage < 1) {
    throw new DomainError('invalid_page_size', `Page size must be a positive whole number, got ${perPage}`);
  }
}
