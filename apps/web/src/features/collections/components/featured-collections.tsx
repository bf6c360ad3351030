import { useDeferredValue } from 'react';
import { collectionTitles } from '@sas/domain';
import { useRevealedCount } from '@/hooks/use-revealed-count';
import { useFeaturedCollections } from '../api/get-featured-collections';
import { CollectionCarousel } from './collection-carousel';
import './collections.css';

/** One carousel per collection, for a page section whose heading is an h2. */
export function FeaturedCollections() {
  const featured = useFeaturedCollections();
  // Drawn in a render React can interrupt, not in the synchronous one the data's arrival starts (ADR 048).
  const data = useDeferredValue(featured.data);
  const groups = (data ?? []).filter((group) => group.cards.length > 0);
  const revealed = useRevealedCount(groups.length);

  if (featured.isPending || (featured.data !== undefined && data === undefined)) {
    return (
      <p className="collections__status" role="status">
        Loading featured homes…
      </p>
    );
  }
  if (groups.length === 0) {
    return <p className="collections__status">No properties found for this collection.</p>;
  }

  return (
    <div className="featured-collections">
      {groups.slice(0, revealed).map(({ collection, cards }) => (
        <section key={collection} className="featured-collections__group" aria-labelledby={`featured-${collection}`}>
          <h3 id={`featured-${collection}`} className="featured-collections__title">
            {collectionTitles[collection]}
          </h3>
          <CollectionCarousel cards={cards} label={`${collectionTitles[collection]} homes`} cardHeadingLevel={4} />
        </section>
      ))}
    </div>
  );
}
