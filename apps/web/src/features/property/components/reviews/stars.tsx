import { useId } from 'react';
import { clampRating, starFill, type StarFill } from '@sas/domain';

interface StarsProps {
  rating: number;
  /**
   * Whether the stars carry their own text ('Rated 4.5 out of 5'). Off where
   * the exact rating is already written next to them.
   */
  labelled?: boolean;
}

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3 6.1 20.6l1.3-6.6L2.5 9.4l6.6-.8z';

/** Five stars in half-star steps (SPEC.md section 5); the icons are hidden from assistive technology. */
export function Stars({ rating, labelled = true }: StarsProps) {
  // One gradient per instance: ids must be unique on the page, and the review
  // modal shows a second copy of a card's stars.
  const halfId = `${useId()}-half`;
  const fills: Record<StarFill, string> = { full: 'currentColor', half: `url(#${halfId})`, empty: 'none' };

  return (
    <span className="stars">
      {labelled && <span className="visually-hidden">Rated {clampRating(rating)} out of 5</span>}
      <svg className="stars__icons" viewBox="0 0 120 24" width="100" height="20" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={halfId}>
            <stop offset="0.5" stopColor="currentColor" />
            <stop offset="0.5" stopColor="transparent" />
          </linearGradient>
        </defs>
        {starFill(rating).map((fill, index) => (
          <path
            key={index}
            d={starPath}
            transform={`translate(${index * 24} 0)`}
            fill={fills[fill]}
            stroke="currentColor"
            strokeWidth="1.2"
          />
        ))}
      </svg>
    </span>
  );
}
