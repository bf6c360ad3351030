import { useQueries } from '@tanstack/react-query';
import { collectionNames, type PropertyCard } from '@sas/domain';
import { collectionQueryOptions } from './get-collection';

/**
 * Every home, from the four collections' first pages of 12 (SPEC.md section
 * 7: the listing for the search page), each home once, in collection order.
 * Shares its requests with the featured carousels, which read the same pages.
 */
export function useAllListings(): { homes: PropertyCard[]; isPending: boolean } {
  return useQueries({
    queries: collectionNames.map((collection) => collectionQueryOptions(collection)),
    combine: (results) => {
      const seen = new Set<string>();
      const homes: PropertyCard[] = [];
      for (const card of results.flatMap((result) => result.data ?? [])) {
        if (seen.has(card.id)) continue;
        seen.add(card.id);
        homes.push(card);
      }
      return { homes, isPending: results.some((result) => result.isPending) };
    },
  });
}
