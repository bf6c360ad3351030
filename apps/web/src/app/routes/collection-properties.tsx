import { useSearchParams } from 'react-router';
import { CollectionGrid, parseCollectionName } from '@/features/collections/components/collection-grid';

export function Component() {
  const [searchParams] = useSearchParams();
  const collection = parseCollectionName(searchParams.get('collection'));
  return <CollectionGrid key={collection} collection={collection} />;
}
