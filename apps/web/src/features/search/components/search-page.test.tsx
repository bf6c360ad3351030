import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAvailableHome } from '@/testing/booking-data';
import { createPropertyCard } from '@/testing/data-generators';
import { scrollNear } from '@/testing/intersection-observer';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

const stay = 'checkIn=2031-02-03&checkOut=2031-02-06&adults=2';

function searchCalls(fetchMock: ReturnType<typeof stubFetch>): Record<string, string>[] {
  return requestedUrls(fetchMock)
    .filter((url) => url.pathname === '/api/search/availability')
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('search page', () => {
  it('lists the homes free for the stay with their all-in price, linking to the home with the stay', async () => {
    const homes = [
      createAvailableHome({
        public_name: 'Aspen Hideaway',
        slug: 'aspen-hideaway',
        quote: { nights: 3, total: 1234.56, basePrice: 900, fees: 200, taxes: 134.56, currency: 'usd', discounts: [] },
      }),
      createAvailableHome({ public_name: 'Summit Estate', slug: 'summit-estate' }),
    ];
    const fetchMock = stubFetch({ 'GET /api/search/availability': () => json(homes) });
    renderApp(`/search?location=breckenridge&${stay}&children=1`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Available homes' })).toBeInTheDocument();
    expect(screen.getByText('Feb 3 – 6, 2031 · 2 adults, 1 child')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Homes free for your stay' });
    const cards = await within(results).findAllByTestId('property-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('$1,234.56 total for 3 nights');
    expect(within(cards[0]!).getByRole('link', { name: 'Aspen Hideaway' })).toHaveAttribute(
      'href',
      '/property/aspen-hideaway?checkin=2031-02-03&checkout=2031-02-06&adults=2&children=1',
    );
    expect(within(results).getByRole('status')).toHaveTextContent('2 homes available');
    // SPEC.md section 2: the results are scrolled to once they are there.
    await waitFor(() => expect(results.scrollIntoView).toHaveBeenCalled());
    await waitFor(() => expect(document.title).toBe('Available homes | Summit & Shore'));

    expect(searchCalls(fetchMock)).toEqual([
      {
        checkIn: '2031-02-03',
        checkOut: '2031-02-06',
        adults: '2',
        children: '1',
        location: 'breckenridge',
      },
    ]);
  });

  it('searches again when the location filter changes, keeping the stay in the URL', async () => {
    const fetchMock = stubFetch({
      'GET /api/search/availability': ({ url }) =>
        json(
          url.searchParams.get('location') === 'michigan'
            ? [createAvailableHome({ public_name: 'Lakeside Cottage' })]
            : [createAvailableHome({ public_name: 'Aspen Hideaway' })],
        ),
    });
    const { user, history } = renderApp(`/search?${stay}`);

    expect(await screen.findByRole('link', { name: 'Aspen Hideaway' })).toBeInTheDocument();
    const filter = screen.getByRole('group', { name: 'Location' });
    expect(within(filter).getByRole('radio', { name: 'All locations' })).toBeChecked();
    await user.click(within(filter).getByRole('radio', { name: 'Michigan' }));

    expect(await screen.findByRole('link', { name: 'Lakeside Cottage' })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({
      checkIn: '2031-02-03',
      checkOut: '2031-02-06',
      adults: '2',
      location: 'michigan',
    });
    expect(searchCalls(fetchMock).map((query) => query.location)).toEqual(['all', 'michigan']);
  });

  it('reads the lowercase names /null forwards', async () => {
    const fetchMock = stubFetch({ 'GET /api/search/availability': () => json([]) });
    renderApp('/search?checkin=2031-02-03&checkout=2031-02-06&adults=2&children=0&infants=1&pets=1');

    await screen.findByRole('heading', { level: 1, name: 'Available homes' });
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(1));
    expect(searchCalls(fetchMock)[0]).toMatchObject({ checkIn: '2031-02-03', infants: '1', pets: '1' });
  });

  it('says so when no home is free, and lists the collections below', async () => {
    stubFetch({
      'GET /api/search/availability': () => json([]),
      'GET /api/properties/collection/luxury': () => json([createPropertyCard({ public_name: 'Summit Estate' })]),
      'GET /api/properties/collection/resort': () => json([]),
      'GET /api/properties/collection/essentials': () => json([]),
      'GET /api/properties/collection/michigan': () => json([]),
    });
    renderApp(`/search?${stay}`);

    expect(
      await screen.findByText('No homes are available for these dates. Try other dates or fewer guests.'),
    ).toBeInTheDocument();
    const more = await screen.findByRole('region', { name: 'More homes to explore' });
    scrollNear(within(more).getByText('Loading collections…'));
    expect(await within(more).findByRole('region', { name: 'Luxury Collection homes' })).toBeInTheDocument();
  });

  it('lists every result of a long search, the first ones at once and the rest right after', async () => {
    const homes = Array.from({ length: 11 }, (_, i) =>
      createAvailableHome({ public_name: `Home ${i + 1}`, slug: `home-${i + 1}` }),
    );
    stubFetch({ 'GET /api/search/availability': () => json(homes) });
    renderApp(`/search?${stay}`);

    const results = await screen.findByRole('region', { name: 'Homes free for your stay' });
    await waitFor(() => expect(within(results).getAllByTestId('property-card')).toHaveLength(11));
    expect(
      within(results)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(homes.map((home) => home.public_name));
  });

  it('lists the collections only once the results are there, so they never load ahead of them', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({
      'GET /api/search/availability': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp(`/search?${stay}`);

    await screen.findByRole('heading', { level: 1, name: 'Available homes' });
    expect(screen.queryByRole('region', { name: 'More homes to explore' })).not.toBeInTheDocument();
    // Inside act: the answer's updates, the deferred pass that adds the collections among them, are flushed.
    await act(() => Promise.resolve(answer(json([]))));
    expect(await screen.findByRole('region', { name: 'More homes to explore' })).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the search", async () => {
    stubFetch({
      'GET /api/search/availability': () => json({ message: 'Check-in cannot be in the past.' }, { status: 422 }),
    });
    renderApp('/search?checkIn=2020-01-01&checkOut=2020-01-04&adults=2');

    expect(await screen.findByRole('alert')).toHaveTextContent('Check-in cannot be in the past.');
  });

  it('does not search with a stay it cannot read', async () => {
    const fetchMock = stubFetch({});
    renderApp('/search?checkIn=next-friday&checkOut=2031-02-06&adults=2');

    expect(await screen.findByRole('alert')).toHaveTextContent('could not be read');
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(searchCalls(fetchMock)).toEqual([]);
  });

  it('shows Discover Our Collections and a search form without a complete stay', async () => {
    const fetchMock = stubFetch({});
    renderApp('/search?checkIn=2031-02-03&adults=2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Discover Our Collections' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Browse by collection' })).toHaveTextContent('Loading collections…');
    await waitFor(() => expect(document.title).toBe('Discover Our Collections | Summit & Shore'));
    expect(searchCalls(fetchMock)).toEqual([]);
  });
});
