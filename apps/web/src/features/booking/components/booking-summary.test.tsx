import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PropertyDetails } from '@sas/domain';
import { queryConfig } from '@/lib/query-client';
import { createPropertyDetails } from '@/testing/data-generators';
import { scrollNear } from '@/testing/intersection-observer';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { createQuote, requestBody } from '../testing/booking-data';
import { BookingArea } from './booking-area';
import { BookingSummary } from './booking-summary';

const home = createPropertyDetails({ public_name: 'Summit Estate', slug: 'summit-estate', fromNightly: 189.5 });
const quotePath = `/api/properties/${home.id}/quote`;

function renderSummary(query: string, property: PropertyDetails = home) {
  const router = createMemoryRouter(
    [
      {
        path: '/property/:slug',
        element: (
          <>
            <BookingSummary property={property} />
            <BookingArea property={property} />
          </>
        ),
      },
      { path: '/reservation', element: <h1>Reservation</h1> },
    ],
    { initialEntries: [`/property/${property.slug}${query}`] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('Booking summary', () => {
  it('shows the all-in total for the dates in the URL and starts the reservation with them', async () => {
    const quote = createQuote({ checkin_date: '2031-01-12', checkout_date: '2031-01-15', nights: 3, total: 912.34 });
    const fetchMock = stubFetch({ [`POST ${quotePath}`]: () => json(quote) });
    const { router, user } = renderSummary('?checkin=2031-01-12&checkout=2031-01-15&adults=3&children=1');

    expect(screen.getByRole('button', { name: 'Reserve' })).toBeDisabled();
    expect(await screen.findByTestId('summary-total')).toHaveTextContent('$912.34 total incl. cleaning fee and taxes');
    expect(screen.getByText(/3 nights/)).toBeInTheDocument();
    expect(requestBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      checkin_date: '2031-01-12',
      checkout_date: '2031-01-15',
      guests: { adults: 3, children: 1, infants: 0, pets: 0 },
    });

    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reservation'));
    expect(router.state.location.state).toMatchObject({
      home: { id: home.id, slug: 'summit-estate', name: 'Summit Estate' },
      stay: { checkIn: '2031-01-12', checkOut: '2031-01-15', guests: { adults: 3, children: 1, infants: 0, pets: 0 } },
      quote,
    });
  });

  it('makes Reserve a form for the reservation address, which works before the page code runs', async () => {
    stubFetch({ [`POST ${quotePath}`]: () => json(createQuote()) });
    renderSummary('?checkin=2031-01-12&checkout=2031-01-15&adults=3&children=1');
    await screen.findByTestId('summary-total');
    const form = screen.getByRole('button', { name: 'Reserve' }).closest('form');
    expect(form).toHaveAttribute('action', '/reservation');
    expect(form).toHaveAttribute('method', 'get');
    expect(new URLSearchParams(new FormData(form as HTMLFormElement) as unknown as string[][]).toString()).toBe(
      'home=summit-estate&checkin=2031-01-12&checkout=2031-01-15&adults=3&children=1',
    );
  });

  it("marks the total as a schema.org Offer and the booking path with Google's itinerary (issue 27)", async () => {
    const quote = createQuote({ checkin_date: '2031-01-12', checkout_date: '2031-01-15', nights: 3, total: 912.3 });
    stubFetch({ [`POST ${quotePath}`]: () => json(quote) });
    renderSummary('?checkin=2031-01-12&checkout=2031-01-15&adults=3&children=1');
    const total = await screen.findByTestId('summary-total');
    expect(total).toHaveAttribute('itemtype', 'https://schema.org/Offer');
    expect(total.querySelector('meta[itemprop="price"]')).toHaveAttribute('content', '912.30');
    expect(total.querySelector('meta[itemprop="priceCurrency"]')).toHaveAttribute('content', 'USD');
    const summary = total.closest('.booking-summary');
    expect(summary).toHaveAttribute('data-nav-checkin', '2031-01-12');
    expect(summary).toHaveAttribute('data-nav-checkout', '2031-01-15');
    expect(summary).toHaveAttribute('data-nav-adults', '3');
    expect(summary).toHaveAttribute('data-nav-children', '1');
    expect(screen.getByRole('button', { name: 'Reserve' })).toHaveAttribute('data-nav-action', 'book');
  });

  it('asks the server once for the summary and the calendar panel: one price for the stay', async () => {
    const quote = createQuote({ checkin_date: '2031-01-12', checkout_date: '2031-01-15', nights: 3 });
    const fetchMock = stubFetch({
      [`POST ${quotePath}`]: () => json(quote),
      [`GET /api/properties/${home.id}/calendar`]: () =>
        json({
          propertyId: home.id,
          today: '2030-12-01',
          from: '2030-12-01',
          to: '2031-12-01',
          unavailable: [],
          minStay: { default: 1, ranges: [] },
        }),
    });
    renderSummary('?checkin=2031-01-12&checkout=2031-01-15');
    await screen.findByTestId('summary-total');
    scrollNear(screen.getByText('Loading the booking calendar…'));
    await screen.findByTestId('quote-total');
    expect(requestedUrls(fetchMock).filter((url) => url.pathname.endsWith('/quote'))).toHaveLength(1);
  });

  it('offers the lowest nightly rate and a way to the calendar without dates', () => {
    stubFetch({});
    renderSummary('?adults=2');
    expect(screen.getByText(/from/)).toHaveTextContent('from $189.50 / night');
    expect(screen.queryByRole('button', { name: 'Reserve' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose dates' })).toHaveAttribute(
      'href',
      '/property/summit-estate?adults=2#booking',
    );
  });

  it("shows the server's reason when it refuses the stay, with a way to change the dates", async () => {
    stubFetch({
      [`POST ${quotePath}`]: () => json({ message: 'This home has a 3-night minimum stay.' }, { status: 422 }),
    });
    renderSummary('?checkin=2031-01-12&checkout=2031-01-13');
    expect(await screen.findByRole('alert')).toHaveTextContent('This home has a 3-night minimum stay.');
    expect(screen.getByRole('link', { name: 'Change dates' })).toHaveAttribute(
      'href',
      expect.stringContaining('#booking'),
    );
  });
});
