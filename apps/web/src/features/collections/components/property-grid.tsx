import { collectionPageSummaryLength, type PropertyCard as Card } from '@sas/domain';
import { PropertyCard } from '@/components/property-card';

interface PropertyGridProps {
  cards: readonly Card[];
  isPending: boolean;
  /** Accessible name of the list, e.g. "Luxury Collection homes". */
  label: string;
}

/** A grid of home cards with the collection pages' loading and empty states (SPEC.md section 8). */
export function PropertyGrid({ cards, isPending, label }: PropertyGridProps) {
  if (isPending) {
    return (
      <p className="collections__status" role="status">
        Loading homes…
      </p>
    );
  }
  if (cards.length === 0) return <p className="collections__status">No properties found for this collection.</p>;
  return (
    <ul className="collection-grid__list" aria-label={label}>
      {cards.map((card, index) => (
        <li key={card.id}>
          {/* The first photo is the largest paint on a phone: it alone loads at once, at high
              priority; the rest load lazily, which for the first row on wide screens means
              right after layout, without competing with it. */}
          <PropertyCard
            property={card}
            summaryLength={collectionPageSummaryLength}
            headingLevel={2}
            eagerPhoto={index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
