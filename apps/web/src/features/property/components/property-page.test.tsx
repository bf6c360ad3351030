import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPropertyDetails } from '@/testing/data-generators';
import { scrollNear } from '@/testing/intersection-observer';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

describe('property page', () => {
  it('shows Property Not Found with a way home when the server answers 404', async () => {
    stubFetch({
      'GET /api/properties/search/no-such-home': () => json({ message: 'Property not found' }, { status: 404 }),
    });
    const { user, history } = renderApp('/property/no-such-home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Property Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The requested property could not be found.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Property Not Found | Summit & Shore'));

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('shows the server message and a Retry button for other failures', async () => {
    stubFetch({
      'GET /api/properties/search/alpine-retreat': () => json({ message: 'Database unavailable' }, { status: 503 }),
    });
    renderApp('/property/alpine-retreat');

    expect(await screen.findByRole('heading', { level: 1, name: 'Error Loading Property' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load property: Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the loading overlay, then the home', async () => {
    const home = createPropertyDetails({
      public_name: 'Bear Den Lodge',
      slug: 'bear-den-lodge',
      bedrooms: 4,
      area: 2450,
    });
    stubFetch({ 'GET /api/properties/search/bear-den-lodge': () => json(home) });
    renderApp('/property/bear-den-lodge');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bear Den Lodge' })).toBeInTheDocument();
    const facts = screen.getByRole('list', { name: 'Key facts' });
    expect(within(facts).getByText('4 bedrooms')).toBeInTheDocument();
    expect(within(facts).getByText('2,450 sq ft')).toBeInTheDocument();
    expect(screen.getByText('Breckenridge, CO, United States')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: home.photos[0]?.alt })).toHaveAttribute('width', '1600');
    await waitFor(() => expect(document.title).toBe('Bear Den Lodge | Summit & Shore'));
  });

  const sectionTitles = [
    'About this space',
    'Features',
    'Amenities',
    'Book your stay',
    "What's Around",
    'Who We Are',
    'Reviews',
  ];

  it('has every section heading at load; only the content behind them waits until scrolled near', async () => {
    const home = createPropertyDetails({ public_name: 'Bear Den Lodge', slug: 'bear-den-lodge' });
    stubFetch({ 'GET /api/properties/search/bear-den-lodge': () => json(home) });
    renderApp('/property/bear-den-lodge');

    await screen.findByRole('heading', { level: 1, name: 'Bear Den Lodge' });
    const page = screen.getByRole('article');
    expect(within(page).getByRole('region', { name: 'Photos' })).toBeInTheDocument();
    // Screen readers and crawlers navigate by these before anything is scrolled.
    expect(
      within(page)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(sectionTitles);
    expect(within(page).getByText('Loading reviews…')).toBeInTheDocument();

    for (const placeholder of page.querySelectorAll('[aria-busy="true"]')) scrollNear(placeholder);
    await waitFor(() =>
      expect(within(page).queryAllByText(/^Loading (the description|features|amenities|reviews)/)).toEqual([]),
    );
    // The sections replaced their placeholders under the same headings, none twice.
    expect(
      within(page)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(sectionTitles);
  });

  it('renders every section straight away for a link to one of them', async () => {
    const home = createPropertyDetails({ public_name: 'Bear Den Lodge', slug: 'bear-den-lodge' });
    stubFetch({ 'GET /api/properties/search/bear-den-lodge': () => json(home) });
    renderApp('/property/bear-den-lodge#reviews');

    const page = await screen.findByRole('article');
    // Only the real section carries the id the link points at.
    await waitFor(() => expect(page.querySelectorAll('#reviews')).toHaveLength(1));
    expect(
      within(page)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(sectionTitles);
    expect(page.querySelector('#reviews')).toHaveAccessibleName('Reviews');
  });

  it('replaces an id URL with the slug URL, keeping query and hash', async () => {
    const home = createPropertyDetails({ public_name: 'Bear Den Lodge', slug: 'bear-den-lodge' });
    const fetchMock = stubFetch({ [`GET /api/properties/search/${home.id}`]: () => json(home) });
    const { history } = renderApp(`/property/${home.id}?checkin=2031-01-02#reviews`);

    await waitFor(() => expect(history.location.pathname).toBe('/property/bear-den-lodge'));
    expect(history.location.search).toBe('?checkin=2031-01-02');
    expect(history.location.hash).toBe('#reviews');
    expect(history.action).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bear Den Lodge' })).toBeInTheDocument();
    // The slug page reuses the details already loaded by id.
    expect(requestedUrls(fetchMock)).toHaveLength(1);
  });

  it.each([
    ['a listing number', 'SAS-1006', 'sas-1006'],
    ['a slug built by the literal slug rule', 'ski-inski-out-lodge', 'ski-inski-out-lodge'],
    ['another spelling of the slug', 'Ski-In-Ski-Out-Lodge', 'ski-in-ski-out-lodge'],
  ])('replaces %s with the canonical slug URL, keeping query and hash', async (_case, param, asked) => {
    const home = createPropertyDetails({
      propertyId: 'SAS-1006',
      public_name: 'Ski-in/Ski-out Lodge',
      slug: 'ski-in-ski-out-lodge',
    });
    const fetchMock = stubFetch({ [`GET /api/properties/search/${asked}`]: () => json(home) });
    const { history } = renderApp(`/property/${param}?checkin=2031-01-02&adults=2#reviews`);

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    await waitFor(() => expect(history.location.pathname).toBe('/property/ski-in-ski-out-lodge'));
    expect(history.location.search).toBe('?checkin=2031-01-02&adults=2');
    expect(history.location.hash).toBe('#reviews');
    expect(history.action).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ski-in/Ski-out Lodge' })).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toHaveLength(1);
  });

  it('stays on the canonical slug URL', async () => {
    const home = createPropertyDetails({ public_name: 'Bear Den Lodge', slug: 'bear-den-lodge' });
    stubFetch({ 'GET /api/properties/search/bear-den-lodge': () => json(home) });
    const { history } = renderApp('/property/bear-den-lodge?adults=2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bear Den Lodge' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/property/bear-den-lodge');
    expect(history.action).toBe('POP');
  });
});
