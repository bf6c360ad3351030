import type { Review } from '@sas/domain';

let sequence = 0;

/** A valid visible review; every call gives a different one. */
export function createReview(overrides: Partial<Review> = {}): Review {
  sequence += 1;
  return {
    id: `rv-test-${sequence}`,
    guestName: `Taylor${sequence} Morgan`,
    platform: 'Airbnb',
    rating: 5,
    reviewText: `Stay number ${sequence}: spotless, warm and close to the lifts.`,
    reviewedAtDate: '2025-02-14',
    reviewedAtFormatted: 'February 14, 2025',
    profilePictureUrl: null,
    ...overrides,
  };
}
