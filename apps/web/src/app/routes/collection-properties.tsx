import { maxPageSize } from '@sas/domain';
import { useSearchParams } from 'react-router';
import type { Prefetch } from '@/app/router';
import { collectionQueryOptions } from '@/features/collections/api/get-collection';
import { CollectionGrid, parseCollectionName } from '@/features/collections/components/collection-grid';

export function Component() {
  const [searchParams] = useSearchParams();
  const collection = parseCollectionName(searchParams.get('collection'));
  return <CollectionGrid key={collection} collection={collection} />;
}

/** The collection's grid, as CollectionGrid asks for it. */
export const prefetch: Prefetch = (queryClient, { url }) =>
  queryClient.ensureQueryData(
    collectionQueryOptions(parseCollectionName(url.searchParams.get('collection')), { page: 0, size: maxPageSize }),
  );
