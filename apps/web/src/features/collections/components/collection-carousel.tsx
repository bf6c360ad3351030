import { cardSummaryLength, cardsPerPage, type PropertyCard as PropertyCardData } from '@sas/domain';
import { PagedCarousel } from '@/components/paged-carousel';
import { PropertyCard } from '@/components/property-card';

interface CollectionCarouselProps {
  cards: readonly PropertyCardData[];
  label: string;
  cardHeadingLevel: 3 | 4;
}

export function CollectionCarousel({ cards, label, cardHeadingLevel }: CollectionCarouselProps) {
  return (
    <PagedCarousel
      items={cards}
      perPage={cardsPerPage}
      label={label}
      getKey={(card) => card.id}
      renderItem={(card) => (
        <PropertyCard property={card} summaryLength={cardSummaryLength} headingLevel={cardHeadingLevel} />
      )}
    />
  );
}
