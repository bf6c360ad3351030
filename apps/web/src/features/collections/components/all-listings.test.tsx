import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPropertyCard } from '@/testing/data-generators';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

describe('Our Listings', () => {
  it('lists every home once, twelve to a page, with Previous and Next', async () => {
    const shared = createPropertyCard({ public_name: 'Shared Chalet' });
    const luxury = [shared, ...Array.from({ length: 8 }, () => createPropertyCard())];
    const resort = [shared, ...Array.from({ length: 6 }, () => createPropertyCard())];
    const fetchMock = stubFetch({
      'GET /api/properties/collection/luxury': () => json(luxury),
      'GET /api/properties/collection/resort': () => json(resort),
      'GET /api/properties/collection/essentials': () => json([]),
      'GET /api/properties/collection/michigan': () => json([]),
    });
    const { user, history } = renderApp('/search/results?category=all');

    expect(await screen.findByRole('heading', { level: 1, name: 'Our Listings' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'All homes' });
    expect(within(list).getAllByTestId('property-card')).toHaveLength(12);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Shared Chalet' })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Our Listings | Summit & Shore'));

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(history.location.search).toBe('?category=all&page=2');
    // 9 + 7 homes, one of them in both collections: 15 in all.
    expect(within(screen.getByRole('list', { name: 'All homes' })).getAllByTestId('property-card')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Shared Chalet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Previous' }));
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    expect(new Set(requestedUrls(fetchMock).map((url) => url.search))).toEqual(new Set(['?page=0&size=12']));
  });
});
