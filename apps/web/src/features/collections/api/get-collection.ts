import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionFetchSize, propertyCardListSchema, type CollectionName, type PropertyCard } from '@sas/domain';
import { api } from '@/lib/api-client';

interface CollectionPage {
  page: number;
  size: number;
}

/**
 * GET /api/properties/collection/{collection}. SPEC.md section 8: a failed
 * collection fetch shows as an empty list, so a broken collection never takes
 * the page down; the failure is still logged.
 */
export async function getCollection(
  collection: CollectionName,
  { page, size }: CollectionPage,
  signal?: AbortSignal,
): Promise<PropertyCard[]> {
  try {
    return await api.request(`/properties/collection/${collection}`, propertyCardListSchema, {
      query: { page, size },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`Could not load the ${collection} collection`, error);
    return [];
  }
}

export function collectionQueryOptions(
  collection: CollectionName,
  page: CollectionPage = { page: 0, size: collectionFetchSize },
) {
  return queryOptions({
    queryKey: ['collections', collection, page],
    queryFn: ({ signal }) => getCollection(collection, page, signal),
  });
}

export function useCollection(collection: CollectionName, page?: CollectionPage) {
  return useQuery(collectionQueryOptions(collection, page));
}
