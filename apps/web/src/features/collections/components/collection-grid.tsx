import { collectionNames, collectionTitles, maxPageSize, type CollectionName } from '@sas/domain';
import { PropertyGrid } from './property-grid';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCollection } from '../api/get-collection';
import { collectionDescriptions } from '../content/collection-descriptions';
import './collections.css';

/** ?collection= values outside the four collections fall back to essentials (SPEC.md section 2). */
export function parseCollectionName(value: string | null): CollectionName {
  return collectionNames.find((name) => name === value) ?? 'essentials';
}

/** /collections/properties: every home of one collection. */
export function CollectionGrid({ collection }: { collection: CollectionName }) {
  const title = collectionTitles[collection];
  useDocumentTitle(title);
  // One request for the whole collection: collections hold a few dozen homes.
  const { data: cards = [], isPending } = useCollection(collection, { page: 0, size: maxPageSize });

  return (
    <div className="page-container collection-grid">
      <header className="page-header">
        <h1>{title}</h1>
        <p className="page-header__lead">{collectionDescriptions[collection]}</p>
      </header>
      <PropertyGrid cards={cards} isPending={isPending} label={`${title} homes`} />
    </div>
  );
}
