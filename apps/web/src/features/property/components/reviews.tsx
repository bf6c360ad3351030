import { useState } from 'react';
import {
  pluralize,
  reviewerDisplayName,
  reviewsListAllMaxWidthPx,
  reviewsPerPage,
  shouldShowRating,
  visibleReviews,
  type PropertyDetails,
  type Review,
} from '@sas/domain';
import { Modal } from '@/components/modal';
import { PagedCarousel } from '@/components/paged-carousel';
import { ReviewCard, ReviewHeader } from './reviews/review-card';
import { Stars } from './reviews/stars';
import { useMediaQuery } from '@/hooks/use-media-query';
import '@/components/property-section.css';
import './reviews/reviews.css';

function RatingSummary({ rating, count }: { rating: number; count: number }) {
  return (
    <p className="reviews__summary">
      <Stars rating={rating} labelled={false} />
      {/* The exact mean; the stars round to halves (clampRating). */}
      <span>
        <strong>{rating.toFixed(1)}</strong> out of 5 · {pluralize(count, 'review')}
      </span>
    </p>
  );
}

/**
 * Guest reviews (SPEC.md sections 2, 5 and 9): three per page in a carousel
 * that wraps around, with paging buttons above 768px and swipe on touch; at
 * 600px or narrower every review in one list. Long reviews open in a modal.
 * With `first`, only the first few, in a list (the copy for a visitor without
 * JavaScript).
 */
export function Reviews({ property, first }: { property: PropertyDetails; first?: number }) {
  // The server has already dropped hidden reviews; this only guards against a stale or foreign payload.
  const reviews = visibleReviews(property.reviewsData).slice(0, first);
  const listAll = useMediaQuery(`(max-width: ${reviewsListAllMaxWidthPx}px)`);
  const [reading, setReading] = useState<Review | null>(null);
  const [modalOpen, setModalOpen] = useState(false);

  function readMore(review: Review) {
    setReading(review);
    setModalOpen(true);
  }

  const renderCard = (review: Review) => <ReviewCard review={review} onReadMore={readMore} />;
  const showRating = shouldShowRating(property.reviews) && property.rating !== null;

  let body;
  if (reviews.length === 0) {
    body = <p className="property-section__status">No reviews available.</p>;
  } else if (listAll || first !== undefined || reviews.length <= reviewsPerPage) {
    body = (
      <ul className="reviews__list">
        {reviews.map((review) => (
          <li key={review.id}>{renderCard(review)}</li>
        ))}
      </ul>
    );
  } else {
    body = (
      <PagedCarousel
        className="reviews__carousel"
        items={reviews}
        perPage={reviewsPerPage}
        label="Guest reviews"
        previousLabel="Previous reviews"
        nextLabel="Next reviews"
        getKey={(review) => review.id}
        renderItem={renderCard}
      />
    );
  }

  return (
    <section id="reviews" className="property-section reviews" aria-labelledby="reviews-title">
      <div className="reviews__heading">
        <h2 id="reviews-title" className="property-section__title">
          Reviews
        </h2>
        {showRating && <RatingSummary rating={property.rating ?? 0} count={property.reviews} />}
      </div>
      {body}
      {reading !== null && (
        // Kept mounted after closing so the title does not blank out while the dialog goes away.
        <Modal
          open={modalOpen}
          onOpenChange={setModalOpen}
          title={`Review by ${reviewerDisplayName(reading.guestName, reading.platform)}`}
        >
          <article className="review-card review-card--full">
            <ReviewHeader review={reading} />
            <Stars rating={reading.rating} />
            <p className="review-card__text">{reading.reviewText}</p>
          </article>
        </Modal>
      )}
    </section>
  );
}
