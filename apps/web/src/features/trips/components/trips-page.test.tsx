import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tripLookupMessage, type TripSummary } from '@sas/domain';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

function requestedPath(input: RequestInfo | URL): string {
  return new URL(input instanceof Request ? input.url : input, window.location.origin).pathname;
}

function trip(overrides: Partial<TripSummary> = {}): TripSummary {
  return {
    code: 'SAS-7K3Q9P',
    status: 'confirmed',
    propertyName: 'Bear Den Lodge',
    propertySlug: 'bear-den-lodge',
    checkIn: '2031-02-03',
    checkOut: '2031-02-07',
    nights: 4,
    guests: 3,
    totalAmount: 2450.75,
    ...overrides,
  };
}

describe('/trips', () => {
  it("lists a signed-in guest's trips, upcoming then past, each linking to its page", async () => {
    localStorage.setItem('token', 'access-1');
    stubFetch({
      'GET /api/check-session': () => json(createSessionUser()),
      'GET /api/trips': () =>
        json([
          trip(),
          trip({
            code: 'SAS-ABCDEF',
            propertyName: 'Lakeshore Cottage',
            checkIn: '2020-07-01',
            checkOut: '2020-07-05',
            status: 'cancelled',
          }),
        ]),
    });
    renderApp('/trips');

    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const bear = within(upcoming).getByRole('link', { name: /Bear Den Lodge/ });
    expect(bear).toHaveAttribute('href', '/trips/SAS-7K3Q9P');
    expect(within(upcoming).getByText(/4 nights · 3 guests · \$2,450\.75/)).toBeInTheDocument();
    const past = screen.getByRole('region', { name: 'Past' });
    expect(within(past).getByRole('link', { name: /Lakeshore Cottage/ })).toHaveAttribute('href', '/trips/SAS-ABCDEF');
    expect(within(past).getByText('Cancelled')).toBeInTheDocument();
  });

  it('lets anyone look a booking up and always answers with the same message', async () => {
    const fetchMock = stubFetch({
      'POST /api/trips/lookup': () => json({ message: tripLookupMessage }, { status: 202 }),
    });
    const view = renderApp('/trips');

    await view.user.type(await screen.findByLabelText('Booking code'), 'sas-7k3q9p');
    await view.user.type(screen.getByLabelText('E-mail'), 'avery@example.com');
    await view.user.click(screen.getByRole('button', { name: 'E-mail me a link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(tripLookupMessage);
    expect(screen.queryByRole('region', { name: 'Your bookings' })).toBeNull();
    const lookups = fetchMock.mock.calls.filter(([input]) => requestedPath(input) === '/api/trips/lookup');
    expect(lookups).toHaveLength(1);
    expect(JSON.parse(lookups[0]![1]!.body as string)).toEqual({ code: 'SAS-7K3Q9P', email: 'avery@example.com' });
  });

  it('shows a refused lookup (too many tries) in place', async () => {
    stubFetch({
      'POST /api/trips/lookup': () => json({ message: 'Too many lookups. Try again in a minute.' }, { status: 429 }),
    });
    const view = renderApp('/trips');

    await view.user.type(await screen.findByLabelText('Booking code'), 'SAS-7K3Q9P');
    await view.user.type(screen.getByLabelText('E-mail'), 'avery@example.com');
    await view.user.click(screen.getByRole('button', { name: 'E-mail me a link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many lookups. Try again in a minute.');
    expect(screen.queryByText(tripLookupMessage)).toBeNull();
  });
});
