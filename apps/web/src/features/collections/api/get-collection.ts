import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectionFetchSize, type CollectionName, type PropertyCard } from '@sas/domain';
import { api } from '@/lib/api-client';
import { arrayOf, hasStringFields, shaped } from '@/lib/response-shape';

const propertyCards = shaped<PropertyCard[]>('collection listing', arrayOf(hasStringFields('id', 'slug', 'name')));

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
    return await api.request(`/properties/collection/${collection}`, propertyCards, {
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
