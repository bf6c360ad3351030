import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { collectionNames, mergeCollectionCards } from '@sas/domain';
import { collectionQueryOptions } from './get-collection';

/**
 * The four collections merged for the featured carousels (SPEC.md section 9):
 * shuffled, each home shown once, fullest collection first. Shuffling in the
 * query function keeps the order stable while the result is cached, instead
 * of reshuffling on every render.
 */
export function featuredCollectionsQueryOptions(queryClient: QueryClient) {
  return queryOptions({
    queryKey: ['collections', 'featured'],
    queryFn: async () => {
      const lists = await Promise.all(
        collectionNames.map(async (collection) => ({
          collection,
          cards: await queryClient.fetchQuery(collectionQueryOptions(collection)),
        })),
      );
      return mergeCollectionCards(lists, Math.random);
    },
  });
}

export function useFeaturedCollections() {
  const queryClient = useQueryClient();
  return useQuery(featuredCollectionsQueryOptions(queryClient));
}
