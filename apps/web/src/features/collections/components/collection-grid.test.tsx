import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createPropertyCard } from '@/testing/data-generators';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

const longSummary =
  'Wake up to sweeping views of the Tenmile Range, then walk five minutes to the gondola and the shops and restaurants of Main Street.';

describe('collection page', () => {
  it('shows the collection title and its homes with short summaries', async () => {
    const fetchMock = stubFetch({
      'GET /api/properties/collection/luxury': () =>
        json([
          createPropertyCard({ public_name: 'Summit Estate', summary: longSummary, reviews: 12, rating: 4.9 }),
          createPropertyCard({ public_name: null, name: 'Ridge House', reviews: 2 }),
        ]),
    });
    renderApp('/collections/properties?collection=luxury');

    expect(await screen.findByRole('heading', { level: 1, name: 'Luxury Collection' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Luxury Collection | Summit & Shore'));

    const cards = await screen.findAllByTestId('property-card');
    expect(cards).toHaveLength(2);
    const [estate, ridge] = cards as [HTMLElement, HTMLElement];
    expect(within(estate).getByRole('heading', { level: 2, name: 'Summit Estate' })).toBeInTheDocument();
    const summary = within(estate).getByText(/^Wake up to sweeping views/);
    expect(summary.textContent.length).toBeLessThanOrEqual(100);
    expect(summary.textContent.endsWith('…')).toBe(true);
    expect(estate).toHaveTextContent('Rated 4.9 out of 5, (12 reviews)');
    expect(within(estate).queryByText('NEW')).not.toBeInTheDocument();
    // Too few reviews for a rating: the NEW badge instead; no public name: the internal one.
    expect(within(ridge).getByText('NEW')).toBeInTheDocument();
    expect(within(ridge).getByRole('link', { name: 'Ridge House' })).toHaveAttribute('href', '/property/ridge-house');

    expect(requestedUrls(fetchMock)[0]?.pathname).toBe('/api/properties/collection/luxury');
  });

  it('names a home whose public name is blank by its internal name, as its title and slug do', async () => {
    stubFetch({
      'GET /api/properties/collection/luxury': () =>
        json([createPropertyCard({ public_name: '   ', name: 'Creek Cabin' })]),
    });
    renderApp('/collections/properties?collection=luxury');

    const card = await screen.findByTestId('property-card');
    expect(within(card).getByRole('link', { name: 'Creek Cabin' })).toHaveAttribute('href', '/property/creek-cabin');
  });

  it('says so when the collection is empty', async () => {
    stubFetch({ 'GET /api/properties/collection/michigan': () => json([]) });
    renderApp('/collections/properties?collection=michigan');

    expect(await screen.findByRole('heading', { level: 1, name: 'Michigan Collection' })).toBeInTheDocument();
    expect(await screen.findByText('No properties found for this collection.')).toBeInTheDocument();
  });

  it('shows the empty message when the collection cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({
      'GET /api/properties/collection/resort': () => json({ message: 'Database unavailable' }, { status: 503 }),
    });
    renderApp('/collections/properties?collection=resort');

    expect(await screen.findByText('No properties found for this collection.')).toBeInTheDocument();
  });

  it('falls back to essentials for a missing or unknown collection', async () => {
    const fetchMock = stubFetch({ 'GET /api/properties/collection/essentials': () => json([]) });
    renderApp('/collections/properties?collection=castles');

    expect(await screen.findByRole('heading', { level: 1, name: 'Essentials Collection' })).toBeInTheDocument();
    await screen.findByText('No properties found for this collection.');
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual(['/api/properties/collection/essentials']);
  });
});
