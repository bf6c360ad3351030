import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Review } from '@sas/domain';
import { layOutCarouselPages } from '@/testing/carousel-layout';
import { createPropertyDetails } from '@/testing/data-generators';
import { swipe } from '@/testing/swipe';
import { renderSection } from '@/testing/render-section';
import { createReview } from '../testing/review-data';
import { Reviews } from './reviews';

function reviewsOf(count: number): Review[] {
  return Array.from({ length: count }, (_, index) => createReview({ guestName: `Guest${index + 1} Walker` }));
}

function renderReviews(reviewsData: Review[], rating: number | null = 4.8) {
  layOutCarouselPages();
  return renderSection(
    <Reviews property={createPropertyDetails({ reviewsData, reviews: reviewsData.length, rating })} />,
  );
}

/** Reviewer names on the page a visitor (or screen reader) can reach now. */
function reachableReviewers(): string[] {
  return screen
    .getAllByRole('heading', { level: 3 })
    .filter((heading) => heading.closest('[inert]') === null)
    .map((heading) => heading.textContent);
}

/** No media query matches in tests (a wide screen) unless this says otherwise. */
function matchOnly(matching: string) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) =>
      Object.assign(new EventTarget(), {
        matches: query === matching,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
      }),
    ),
  );
}

describe('Reviews', () => {
  it('lists only the first few with `first`, as a visitor without JavaScript reads them, the rating still counting all', () => {
    layOutCarouselPages();
    const reviewsData = reviewsOf(8);
    renderSection(<Reviews property={createPropertyDetails({ reviewsData, reviews: 8, rating: 4.8 })} first={3} />);
    expect(screen.queryByRole('region', { name: 'Guest reviews' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(reachableReviewers()).toEqual(['Guest1 W.', 'Guest2 W.', 'Guest3 W.']);
    expect(screen.getByText(/8 reviews/)).toBeInTheDocument();
  });

  it('says so when there are none', () => {
    renderReviews([], null);
    expect(screen.getByRole('heading', { level: 2, name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByText('No reviews available.')).toBeInTheDocument();
  });

  it('shows name, platform, date and an accessible star rating', () => {
    renderReviews([
      createReview({
        guestName: 'Jane Doe',
        platform: 'Vrbo',
        rating: 4.4,
        reviewedAtFormatted: 'March 9, 2025',
      }),
    ]);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { level: 3, name: 'Jane D.' })).toBeInTheDocument();
    expect(within(card).getByText('Vrbo · March 9, 2025')).toBeInTheDocument();
    expect(within(card).getByText('Rated 4.5 out of 5')).toBeInTheDocument();
  });

  it("shows the reviewer's own picture from our media, and an initial otherwise", () => {
    const { container } = renderReviews([
      createReview({ guestName: 'Jane Doe', profilePictureUrl: '/media/guests/jane-96.webp' }),
      createReview({ guestName: 'Ravi Patel', profilePictureUrl: 'https://cdn.example/ravi.jpg' }),
    ]);
    const pictures = container.querySelectorAll('img');
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toHaveAttribute('src', '/media/guests/jane-96.webp');
    expect(pictures[0]).toHaveAttribute('alt', '');
    expect(screen.getByText('R')).toHaveAttribute('aria-hidden', 'true');
  });

  it('truncates long reviews to 260 characters and reads the rest in a modal', async () => {
    const long = `${'The hot tub under the stars was the highlight of our week. '.repeat(6)}We will be back next winter.`;
    const { user } = renderReviews([createReview({ guestName: 'Jane Doe', reviewText: long }), createReview()]);

    const card = screen.getAllByRole('article')[0]!;
    const shown = within(card).getByText(/^The hot tub/).textContent;
    expect(shown.length).toBeLessThanOrEqual(260);
    expect(shown.endsWith('…')).toBe(true);
    expect(within(card).queryByText(/We will be back next winter\./)).not.toBeInTheDocument();
    // A short review needs no Read more.
    expect(screen.getAllByRole('button', { name: /^Read more/ })).toHaveLength(1);

    const readMore = within(card).getByRole('button', { name: 'Read more of the review by Jane D.' });
    await user.click(readMore);
    const dialog = screen.getByRole('dialog', { name: 'Review by Jane D.' });
    expect(within(dialog).getByText(long)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(readMore).toHaveFocus());
  });

  it('pages three at a time and wraps around in both directions', async () => {
    const { user } = renderReviews(reviewsOf(7));
    expect(screen.getByRole('region', { name: 'Guest reviews' })).toBeInTheDocument();
    expect(reachableReviewers()).toEqual(['Guest1 W.', 'Guest2 W.', 'Guest3 W.']);

    const next = await screen.findByRole('button', { name: 'Next reviews' });
    await user.click(next);
    expect(reachableReviewers()).toEqual(['Guest4 W.', 'Guest5 W.', 'Guest6 W.']);
    await user.click(next);
    expect(reachableReviewers()).toEqual(['Guest7 W.']);
    await user.click(next);
    expect(reachableReviewers()).toEqual(['Guest1 W.', 'Guest2 W.', 'Guest3 W.']);

    await user.click(screen.getByRole('button', { name: 'Previous reviews' }));
    expect(reachableReviewers()).toEqual(['Guest7 W.']);
  });

  it('turns the page on a touch swipe of 50px or more, not on a shorter one', async () => {
    renderReviews(reviewsOf(7));
    await screen.findByRole('button', { name: 'Next reviews' });
    /** A finger lands on a review of the page on screen. */
    const reviewOnScreen = () => screen.getAllByRole('article')[1]!;

    swipe(reviewOnScreen(), -49);
    await waitFor(() => expect(screen.getByText('Page 1 of 3')).toBeInTheDocument());
    expect(reachableReviewers()).toEqual(['Guest1 W.', 'Guest2 W.', 'Guest3 W.']);

    swipe(reviewOnScreen(), -50);
    await waitFor(() => expect(reachableReviewers()).toEqual(['Guest4 W.', 'Guest5 W.', 'Guest6 W.']));

    swipe(reviewOnScreen(), 49);
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    swipe(reviewOnScreen(), 50);
    await waitFor(() => expect(reachableReviewers()).toEqual(['Guest1 W.', 'Guest2 W.', 'Guest3 W.']));

    // A mostly vertical movement scrolls the page, however long it is.
    swipe(reviewOnScreen(), -60, 80);
    await waitFor(() => expect(screen.getByText('Page 1 of 3')).toBeInTheDocument());
  });

  it('wraps with only two pages too', async () => {
    const { user } = renderReviews(reviewsOf(5));
    const next = await screen.findByRole('button', { name: 'Next reviews' });
    await user.click(next);
    expect(reachableReviewers()).toEqual(['Guest4 W.', 'Guest5 W.']);
    await user.click(next);
    expect(reachableReviewers()).toEqual(['Guest1 W.', 'Guest2 W.', 'Guest3 W.']);
  });

  it('lists every review without a carousel at 600px or narrower', () => {
    matchOnly('(max-width: 600px)');
    renderReviews(reviewsOf(7));
    expect(screen.queryByRole('region', { name: 'Guest reviews' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next reviews' })).not.toBeInTheDocument();
    expect(reachableReviewers()).toHaveLength(7);
  });

  it('shows the average and the count from six reviews on', () => {
    renderReviews(reviewsOf(6), 4.8);
    const section = screen.getByRole('region', { name: 'Reviews' });
    expect(within(section).getByText(/out of 5 · 6 reviews/)).toHaveTextContent('4.8 out of 5 · 6 reviews');
  });

  it('shows no average with fewer than six reviews', () => {
    renderReviews(reviewsOf(5), 4.8);
    expect(screen.queryByText(/out of 5 · 5 reviews/)).not.toBeInTheDocument();
  });
});
