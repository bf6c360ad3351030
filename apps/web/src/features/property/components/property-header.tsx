import {
  formatCount,
  pluralize,
  propertyDisplayName,
  shouldShowRating,
  starFill,
  type PropertyDetails,
  type StarFill,
} from '@sas/domain';

const starPath = 'M12 1.6L14.7 8.88L22.46 9.2L16.37 14.02L18.47 21.5L12 17.2L5.53 21.5L7.63 14.02L1.54 9.2L9.3 8.88Z';

// Every home is in the United States today. A fixed table rather than
// Intl.DisplayNames, whose locale data costs tens of milliseconds on a
// phone's first render; any other code is shown as stored.
const countryNames: Readonly<Record<string, string>> = { US: 'United States', CA: 'Canada' };

function countryName(code: string): string {
  return countryNames[code] ?? code;
}

function Star({ fill }: { fill: StarFill }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      className={`star star--${fill}`}
      aria-hidden="true"
      focusable="false"
    >
      <path className="star__track" d={starPath} />
      {fill !== 'empty' && <path className="star__fill" d={starPath} />}
    </svg>
  );
}

function Rating({ rating, reviews }: { rating: number; reviews: number }) {
  // The mean as stored (e.g. 4.8); half-star rounding (clampRating, inside
  // starFill) is only for the icons. Out-of-range data still reads 0 to 5.
  const value = Math.min(5, Math.max(0, rating)).toFixed(1);
  return (
    <p className="property-header__rating" data-testid="property-rating">
      <span className="property-header__stars">
        {starFill(rating).map((fill, index) => (
          <Star key={index} fill={fill} />
        ))}
      </span>
      <strong>{value}</strong>
      <span className="visually-hidden"> out of 5,</span>
      <span className="property-header__review-count">({pluralize(reviews, 'review')})</span>
    </p>
  );
}

/** Name, key facts, place and rating (SPEC.md section 2, property detail sections). */
export function PropertyHeader({ property }: { property: PropertyDetails }) {
  const place = [property.city, property.state, countryName(property.country)].filter((part) => part !== '');
  // SPEC.md section 9: a rating needs at least 6 reviews behind it, else the home is NEW.
  const showRating = shouldShowRating(property.reviews) && property.rating !== null;

  return (
    <header className="property-header">
      <h1 className="property-header__name">{propertyDisplayName(property)}</h1>
      <div className="property-header__summary">
        {showRating ? (
          <Rating rating={property.rating ?? 0} reviews={property.reviews} />
        ) : (
          <p className="property-header__badge">NEW</p>
        )}
        <p className="property-header__place">{place.join(', ')}</p>
      </div>
      <ul className="property-header__facts" aria-label="Key facts">
        <li>{pluralize(property.bedrooms, 'bedroom')}</li>
        <li>{pluralize(property.bathrooms, 'bathroom')}</li>
        <li>{property.garages === 0 ? 'No garage' : pluralize(property.garages, 'garage')}</li>
        <li>{formatCount(property.area)} sq ft</li>
      </ul>
    </header>
  );
}
