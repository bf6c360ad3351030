import { describe, it, expect } from 'vitest';
import {
  averageRating,
  clampRating,
  formatReviewDate,
  hiddenReviewIds,
  isReviewHidden,
  reviewerDisplayName,
  reviewTruncateLength,
  shouldShowRating,
  starFill,
  truncateReviewText,
  visibleReviews,
  type HideableReview,
} from './reviews.js';

function review(overrides: Partial<HideableReview> = {}): HideableReview {
  return {
    id: 'rv-100',
    guestName: 'Jane Doe',
    rating: 5,
    reviewText: 'Lovely stay, great views of the mountains.',
    reviewedAtDate: '2025-03-09',
    ...overrides,
  };
}

describe('isReviewHidden', () => {
  it('keeps an ordinary review', () => {
    expect(isReviewHidden(review())).toBe(false);
  });

  it('hides the 7 blocklisted ids', () => {
    expect(hiddenReviewIds).toHaveLength(7);
    expect(new Set(hiddenReviewIds).size).toBe(7);
    for (const id of hiddenReviewIds) expect(isReviewHidden(review({ id }))).toBe(true);
    expect(isReviewHidden(review({ id: 'rv-blk-008' }))).toBe(false);
  });

  it('hides the blocked guest name in any case or position', () => {
    expect(isReviewHidden(review({ guestName: 'Sam Spamworth' }))).toBe(true);
    expect(isReviewHidden(review({ guestName: 'SPAMWORTH' }))).toBe(true);
    expect(isReviewHidden(review({ guestName: null }))).toBe(false);
  });

  it('hides the wasp nest plus taken parking complaint, however worded', () => {
    const texts = [
      "There was a wasp's nest by the door and our parking spot was taken.",
      'Wasp nest on the deck! Someone had taken the parking space.',
      'A WASPS NEST, plus the parking spot was occupied when we arrived.',
      'Found a nest of wasps. Another guest took our parking spot.',
      'wasp-nest everywhere; parking space taken by a truck',
    ];
    for (const reviewText of texts) expect(isReviewHidden(review({ reviewText }))).toBe(true);
  });

  it('keeps a review that mentions only one of the two complaints', () => {
    expect(isReviewHidden(review({ reviewText: 'A wasp nest was removed quickly by the manager.' }))).toBe(false);
    expect(isReviewHidden(review({ reviewText: 'Our parking spot was taken, but staff fixed it.' }))).toBe(false);
  });

  it('hides the 4-star review dated 09/03/2025, only with that rating', () => {
    expect(isReviewHidden(review({ reviewedAtDate: '09/03/2025', rating: 4 }))).toBe(true);
    expect(isReviewHidden(review({ reviewedAtDate: '2025-09-03', rating: 4 }))).toBe(true);
    expect(isReviewHidden(review({ reviewedAtDate: '09/03/2025', rating: 5 }))).toBe(false);
    expect(isReviewHidden(review({ reviewedAtDate: '09/04/2025', rating: 4 }))).toBe(false);
  });

  it('filters a list, keeping order and extra fields', () => {
    const list = [
      { ...review({ id: 'a' }), platform: 'Airbnb' },
      { ...review({ id: 'rv-blk-003' }), platform: 'Vrbo' },
      { ...review({ id: 'b' }), platform: 'Google' },
    ];
    expect(visibleReviews(list).map((r) => [r.id, r.platform])).toEqual([
      ['a', 'Airbnb'],
      ['b', 'Google'],
    ]);
  });
});

describe('reviewerDisplayName', () => {
  it('shows first name and last initial', () => {
    expect(reviewerDisplayName('Jane Doe', 'Airbnb')).toBe('Jane D.');
    expect(reviewerDisplayName('  Mary   Ann  smith ', 'Airbnb')).toBe('Mary S.');
    expect(reviewerDisplayName('Zoë Ångström', 'Vrbo')).toBe('Zoë Å.');
    expect(reviewerDisplayName('Jean-Luc Picard', 'Vrbo')).toBe('Jean-Luc P.');
  });

  it('keeps a single name', () => {
    expect(reviewerDisplayName('Cher', 'Airbnb')).toBe('Cher');
  });

  it('keeps names that are guest labels', () => {
    expect(reviewerDisplayName('Airbnb Guest', 'Vrbo')).toBe('Airbnb Guest');
    expect(reviewerDisplayName('Guest of Honor', 'Vrbo')).toBe('Guest of Honor');
  });

  it('falls back to the platform when there is no name', () => {
    expect(reviewerDisplayName(null, 'Airbnb')).toBe('Airbnb Guest');
    expect(reviewerDisplayName('   ', 'Vrbo')).toBe('Vrbo Guest');
    expect(reviewerDisplayName(undefined, '')).toBe('Guest');
  });
});

describe('formatReviewDate', () => {
  it('formats ISO dates without shifting the day', () => {
    expect(formatReviewDate('2025-03-09')).toBe('March 9, 2025');
    expect(formatReviewDate('2025-01-01T00:30:00-07:00')).toBe('January 1, 2025');
  });

  it('reads month/day/year', () => {
    expect(formatReviewDate('03/09/2025')).toBe('March 9, 2025');
    expect(formatReviewDate('12/1/2024')).toBe('December 1, 2024');
  });

  it('rereads a malformed month/day/year as day/month/year', () => {
    expect(formatReviewDate('25/12/2024')).toBe('December 25, 2024');
    expect(formatReviewDate('31/1/25')).toBe('January 31, 2025');
  });

  it('puts two-digit years over 50 in the 1900s, others in the 2000s', () => {
    expect(formatReviewDate('7/4/99')).toBe('July 4, 1999');
    expect(formatReviewDate('7/4/51')).toBe('July 4, 1951');
    expect(formatReviewDate('7/4/50')).toBe('July 4, 2050');
    expect(formatReviewDate('7/4/05')).toBe('July 4, 2005');
  });

  it('shows Recently for missing or impossible dates', () => {
    expect(formatReviewDate(null)).toBe('Recently');
    expect(formatReviewDate(undefined)).toBe('Recently');
    expect(formatReviewDate('  ')).toBe('Recently');
    expect(formatReviewDate('last summer')).toBe('Recently');
    expect(formatReviewDate('2/30/2025')).toBe('Recently');
    expect(formatReviewDate('13/13/2025')).toBe('Recently');
    expect(formatReviewDate('2025-02-29')).toBe('Recently');
  });
});

describe('clampRating and starFill', () => {
  it('clamps to 0..5 in half steps', () => {
    expect(clampRating(4.74)).toBe(4.5);
    expect(clampRating(4.75)).toBe(5);
    expect(clampRating(3.25)).toBe(3.5);
    expect(clampRating(7)).toBe(5);
    expect(clampRating(-1)).toBe(0);
    expect(clampRating(Number.NaN)).toBe(0);
  });

  it('fills five stars', () => {
    expect(starFill(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFill(4.8)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFill(0.2)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFill(0.3)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
  });
});

describe('shouldShowRating', () => {
  it('needs at least 6 reviews', () => {
    expect(shouldShowRating(5)).toBe(false);
    expect(shouldShowRating(6)).toBe(true);
    expect(shouldShowRating(0)).toBe(false);
  });
});

describe('truncateReviewText', () => {
  it('leaves short text alone', () => {
    expect(truncateReviewText('Great place.')).toEqual({ text: 'Great place.', needsReadMore: false });
    const exact = 'x'.repeat(reviewTruncateLength);
    expect(truncateReviewText(exact)).toEqual({ text: exact, needsReadMore: false });
  });

  it('shortens long text and asks for Read more', () => {
    const long = 'The cabin was spotless and warm. '.repeat(12);
    const result = truncateReviewText(long);
    expect(result.needsReadMore).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(reviewTruncateLength);
    expect(result.text.endsWith('…')).toBe(true);
    expect(long.startsWith(result.text.slice(0, -1))).toBe(true);
  });
});

describe('averageRating', () => {
  it('averages to one decimal', () => {
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([5, 5, 4, 4])).toBe(4.5);
  });

  it('is null without ratings', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([Number.NaN])).toBeNull();
  });
});
