import { useId, useState } from 'react';
import { formatDateOrAsIs, pluralize, type AdminReview } from '@sas/domain';
import { ShowMore, useShownRows } from '../../shared/components/show-more';
import { useReviews } from '../api/get-reviews';
import { useSetReviewHidden, useUpdateReview } from '../api/update-review';
import './reviews.css';

const reasonText: Record<NonNullable<AdminReview['hiddenReason']>, string> = {
  hidden: 'Hidden by staff',
  blocklist: 'Hidden: matches the blocklist',
  rule: 'Hidden by a standing rule',
};

function reviewerOf(review: AdminReview): string {
  return review.guestName ?? `${review.platform} guest`;
}

/** A verified guest review (issue 28): publish or hide it while pending, and reply in public. */
function GuestReviewControls({ review, reviewer }: { review: AdminReview; reviewer: string }) {
  const update = useUpdateReview();
  const [reply, setReply] = useState(review.reply ?? '');
  const replyId = useId();
  return (
    <div className="review-item__guest">
      <p className="console-muted">
        Verified stay{review.stayedOn ? ` (check-in ${formatDateOrAsIs(review.stayedOn)})` : ''}
        {review.status === 'pending' ? ' · Waiting for review' : ''}
      </p>
      {review.status === 'pending' && (
        <div className="console-button-row">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: review.id, status: 'published' })}
          >
            Publish <span className="visually-hidden">the review by {reviewer}</span>
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: review.id, status: 'hidden' })}
          >
            Hide <span className="visually-hidden">the review by {reviewer}</span>
          </button>
        </div>
      )}
      <div className="console-field">
        <label htmlFor={replyId}>Public reply to {reviewer}</label>
        <textarea id={replyId} rows={2} value={reply} onChange={(event) => setReply(event.target.value)} />
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={update.isPending || reply === (review.reply ?? '')}
        onClick={() => update.mutate({ id: review.id, reply })}
      >
        Save reply <span className="visually-hidden">to {reviewer}</span>
      </button>
      <div role="alert">{update.isError && <p className="console-error">Not changed: {update.error.message}</p>}</div>
    </div>
  );
}

function ReviewItem({ review }: { review: AdminReview }) {
  const toggle = useSetReviewHidden();
  const [failure, setFailure] = useState<string | null>(null);
  const reviewer = reviewerOf(review);
  const flip = () => {
    setFailure(null);
    toggle.mutate({ id: review.id, hidden: !review.hidden }, { onError: (error) => setFailure(error.message) });
  };
  return (
    <li className={`review-item${review.hiddenReason === null ? '' : ' review-item--hidden'}`}>
      <p className="review-item__meta">
        <strong>{reviewer}</strong> · {review.platform} · {review.rating} of 5 ·{' '}
        {review.reviewedAtDate === null ? 'No date' : formatDateOrAsIs(review.reviewedAtDate)}
      </p>
      <p className="review-item__text">{review.reviewText}</p>
      <p className="review-item__state">
        {review.hiddenReason === null ? 'Shown on the site' : reasonText[review.hiddenReason]}
        {!review.hidden && review.hiddenReason !== null && '. Hide keeps it hidden even if that changes.'}
      </p>
      {review.source === 'guest' && <GuestReviewControls review={review} reviewer={reviewer} />}
      {review.status !== 'pending' && (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={toggle.isPending}
          onClick={flip}
        >
          {review.hidden ? 'Show' : 'Hide'} <span className="visually-hidden">the review by {reviewer}</span>
        </button>
      )}
      <div role="alert" className={failure ? 'console-error' : undefined}>
        {failure && `Not changed: ${failure}`}
      </div>
    </li>
  );
}

/** One home's reviews in the server's order, a page at a time. */
function HomeReviews({ id, name, reviews }: { id: string; name: string; reviews: AdminReview[] }) {
  const hidden = reviews.filter((review) => review.hiddenReason !== null);
  const { shown, ...more } = useShownRows(reviews, 10);
  return (
    <section className="reviews-moderation__home" aria-labelledby={`reviews-${id}`}>
      <h3 id={`reviews-${id}`}>
        {name}{' '}
        <span className="console-muted">
          ({pluralize(reviews.length, 'review')}, {hidden.length} hidden)
        </span>
      </h3>
      <ul className="reviews-moderation__list">
        {shown.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      <ShowMore shown={shown.length} noun="review" {...more} />
    </section>
  );
}

/** Every review by home: staff hide one from the public pages or show it again. */
export function ReviewsModeration() {
  const reviews = useReviews();
  const [home, setHome] = useState('all');
  const homeFilterId = useId();

  if (reviews.isPending) return <p role="status">Loading reviews...</p>;
  if (reviews.isError) {
    return (
      <div role="alert" className="console-error">
        <p>We could not load the reviews. {reviews.error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void reviews.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const homes = new Map<string, string>();
  for (const review of reviews.data) homes.set(review.propertyId, review.propertyName);
  const shownHomes = [...homes].filter(([id]) => home === 'all' || id === home);

  return (
    <div className="reviews-moderation">
      <div className="console-toolbar">
        <div className="console-field">
          <label htmlFor={homeFilterId}>Home</label>
          <select id={homeFilterId} value={home} onChange={(event) => setHome(event.target.value)}>
            <option value="all">All homes</option>
            {[...homes].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shownHomes.length === 0 && <p className="console-muted">No reviews yet.</p>}
      {shownHomes.map(([id, name]) => (
        <HomeReviews key={id} id={id} name={name} reviews={reviews.data.filter((review) => review.propertyId === id)} />
      ))}
    </div>
  );
}
