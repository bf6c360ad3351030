import * as Tabs from '@radix-ui/react-tabs';
import { Link } from '@/components/link';
import { collectionNames, collectionTabLabels, collectionTitles, type CollectionName } from '@sas/domain';
import { useCollection } from '../api/get-collection';
import { collectionDescriptions } from '../content/collection-descriptions';
import { CollectionCarousel } from './collection-carousel';
import './collections.css';

export function collectionPagePath(collection: CollectionName): string {
  return `/collections/properties?collection=${collection}`;
}

function CollectionTabPanel({ collection }: { collection: CollectionName }) {
  const { data: cards = [], isPending } = useCollection(collection);
  const title = collectionTitles[collection];

  return (
    <>
      <div className="collections-tabs__intro">
        <h2 className="collections-tabs__title">{title}</h2>
        <p>{collectionDescriptions[collection]}</p>
      </div>
      {isPending ? (
        <p className="collections__status" role="status">
          Loading homes…
        </p>
      ) : cards.length === 0 ? (
        <p className="collections__status">No properties found for this collection.</p>
      ) : (
        <CollectionCarousel cards={cards} label={`${title} homes`} cardHeadingLevel={3} />
      )}
      <p className="collections-tabs__more">
        <Link to={collectionPagePath(collection)} className="button button--secondary">
          View all<span className="visually-hidden"> {title} homes</span>
        </Link>
      </p>
    </>
  );
}

/** /collections: one tab per collection; a panel mounts (and fetches) when first opened. */
export function CollectionsOverview() {
  return (
    <Tabs.Root defaultValue={collectionNames[0]} className="collections-tabs">
      <Tabs.List aria-label="Collections" className="collections-tabs__list">
        {collectionNames.map((collection) => (
          <Tabs.Trigger key={collection} value={collection} className="collections-tabs__tab">
            {collectionTabLabels[collection]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {collectionNames.map((collection) => (
        <Tabs.Content key={collection} value={collection} className="collections-tabs__panel">
          <CollectionTabPanel collection={collection} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
