import { clampRating, reviewerDisplayName, starFill, type StarFill } from '@sas/domain';
import { guestQuotes } from '../content/guest-quotes';

// Gradient stops do not inherit `color` from the star that uses them.
const starColor = 'var(--color-ember-700)';

const starPaths: Record<StarFill, string> = {
  full: 'url(#star-full)',
  half: 'url(#star-half)',
  empty: 'url(#star-empty)',
};

function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars">
      <span className="visually-hidden">Rated {clampRating(rating)} out of 5</span>
      {starFill(rating).map((fill, index) => (
        <svg
          key={index}
          className="stars__star"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3 6.1 20.6l1.3-6.6L2.5 9.4l6.6-.8z"
            fill={starPaths[fill]}
            style={{ stroke: starColor }}
            strokeWidth="1.2"
          />
        </svg>
      ))}
    </p>
  );
}

/** Curated quotes from guests, loaded when the section scrolls near. */
export function GuestReviews() {
  return (
    <>
      {/* Shared fills for every star below; defined once so ids stay unique on the page. */}
      <svg width="0" height="0" className="visually-hidden" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="star-full">
            <stop offset="0" style={{ stopColor: starColor }} />
          </linearGradient>
          <linearGradient id="star-half">
            <stop offset="0.5" style={{ stopColor: starColor }} />
            <stop offset="0.5" stopColor="transparent" />
          </linearGradient>
          <linearGradient id="star-empty">
            <stop offset="0" stopColor="transparent" />
          </linearGradient>
        </defs>
      </svg>
      <ul className="guest-reviews">
        {guestQuotes.map((quote) => (
          <li key={quote.id} className="guest-reviews__item">
            <figure className="guest-reviews__figure">
              <Stars rating={quote.rating} />
              <blockquote className="guest-reviews__quote">
                <p>{quote.text}</p>
              </blockquote>
              <figcaption className="guest-reviews__caption">
                <span className="guest-reviews__name">{reviewerDisplayName(quote.guestName, quote.platform)}</span>
                <span className="guest-reviews__stay">
                  {quote.stay} · via {quote.platform}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </>
  );
}
