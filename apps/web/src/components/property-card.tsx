import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import {
  cardPhotoSizes,
  pluralize,
  propertyDisplayName,
  propertyPath,
  shouldShowRating,
  truncate,
  type PropertyCard as PropertyCardData,
} from '@sas/domain';
import { ResponsivePhoto } from './responsive-photo';
import './property-card.css';

interface PropertyCardProps {
  property: PropertyCardData;
  /** 120 in carousels, 100 on the collection page (SPEC.md section 9). */
  summaryLength: number;
  /** Keeps the outline valid wherever the card is placed. */
  headingLevel: 2 | 3 | 4;
  eagerPhoto?: boolean;
  /** Where the card leads; the home's page by default. Search results add the stay to it. */
  to?: string;
  /** Shown under the summary, e.g. the price of the searched stay. */
  children?: ReactNode;
}

const headingTags = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

export function PropertyCard({
  property,
  summaryLength,
  headingLevel,
  eagerPhoto = false,
  to,
  children,
}: PropertyCardProps) {
  const Heading = headingTags[headingLevel];
  const name = propertyDisplayName(property);
  const showRating = shouldShowRating(property.reviews) && property.rating !== null;

  return (
    <article className="property-card" data-testid="property-card">
      <ResponsivePhoto
        photo={property.photo}
        className="property-card__photo"
        sizes={cardPhotoSizes}
        eager={eagerPhoto}
      />
      <div className="property-card__body">
        <Heading className="property-card__name">
          <Link to={to ?? propertyPath(property.slug)} className="property-card__link">
            {name}
          </Link>
        </Heading>
        <p className="property-card__location">
          {property.city}, {property.state}
        </p>
        <p className="property-card__facts">
          {pluralize(property.bedrooms, 'bed')} · {pluralize(property.bathrooms, 'bath')}
        </p>
        {showRating ? (
          <p className="property-card__rating">
            <span aria-hidden="true">★ </span>
            <span className="visually-hidden">Rated </span>
            {/* The exact mean; half-star rounding (clampRating) is for star icons only. */}
            {(property.rating ?? 0).toFixed(1)}
            <span className="visually-hidden"> out of 5,</span> ({pluralize(property.reviews, 'review')})
          </p>
        ) : (
          <p className="property-card__badge">NEW</p>
        )}
        <p className="property-card__summary">{truncate(property.summary, summaryLength)}</p>
        {children}
      </div>
    </article>
  );
}
