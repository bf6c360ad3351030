import { useState } from 'react';
import { formatReviewDate, reviewerDisplayName, truncateReviewText, type Review } from '@sas/domain';
import { ownImageSrc } from '../own-image-src';
import { Stars } from './stars';

/** What every view of a review shows: the name as displayed, the platform and the date. */
export function reviewMeta(review: Review) {
  return {
    name: reviewerDisplayName(review.guestName, review.platform),
    // The server formats the date; the raw one is the fallback for an older payload.
    date:
      review.reviewedAtFormatted.trim() !== '' ? review.reviewedAtFormatted : formatReviewDate(review.reviewedAtDate),
  };
}

function Avatar({ name, url }: { name: string; url: string | null }) {
  const [broken, setBroken] = useState(false);
  const src = ownImageSrc(url);
  // Decorative: the name is written right beside it.
  if (src === null || broken) {
    return (
      <span className="review-card__avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="review-card__avatar"
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

export function ReviewHeader({ review }: { review: Review }) {
  const { name, date } = reviewMeta(review);
  return (
    <div className="review-card__header">
      <Avatar name={name} url={review.profilePictureUrl} />
      <div>
        <h3 className="review-card__name">{name}</h3>
        <p className="review-card__meta">
          {review.platform} · {date}
          {review.stayedIn && <> · {review.stayedIn}</>}
        </p>
      </div>
    </div>
  );
}

interface ReviewCardProps {
  review: Review;
  onReadMore: (review: Review) => void;
}

/** One review, shortened to 260 characters with 'Read more' for the rest (SPEC.md section 9). */
export function ReviewCard({ review, onReadMore }: ReviewCardProps) {
  const { text, needsReadMore } = truncateReviewText(review.reviewText);
  const { name } = reviewMeta(review);

  return (
    <article className="review-card">
      <ReviewHeader review={review} />
      <Stars rating={review.rating} />
      <p className="review-card__text">{text}</p>
      {review.reply && (
        <p className="review-card__reply">
          <strong>Reply from Summit &amp; Shore:</strong> {review.reply}
        </p>
      )}
      {needsReadMore && (
        <button
          type="button"
          className="review-card__more"
          aria-haspopup="dialog"
          // Unique among the cards, and still starts with the visible words (WCAG 2.5.3).
          aria-label={`Read more of the review by ${name}`}
          onClick={() => onReadMore(review)}
        >
          Read more
        </button>
      )}
    </article>
  );
}
