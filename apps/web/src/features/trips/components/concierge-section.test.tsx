import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConciergeService, TripDetail } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { createTripDetail } from '../testing/trip-data';

// The trip page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const code = 'SAS-4C7N2Q';

const chef: ConciergeService = {
  id: '6f0c7c1e-9a51-4a8e-9b1e-3d1f0c6a2b10',
  addOnId: 3,
  name: 'Private Chef',
  option: null,
  date: '2031-03-11',
  time: '19:00',
  price: 200,
  status: 'paid',
  cancellableUntil: '2031-03-10T02:00:00.000Z',
  withStay: false,
  refundAmount: null,
};

function trip(concierge: ConciergeService[]): TripDetail {
  return createTripDetail({ code, checkOut: '2031-03-13', nights: 3, concierge });
}

describe('concierge services on a booking', () => {
  it('lists a paid service with its day, time and full-refund cancel, and cancels it with one request', async () => {
    let cancelled = false;
    const fetchMock = stubFetch({
      [`GET /api/trips/${code}`]: () =>
        json(trip([cancelled ? { ...chef, status: 'cancelled', cancellableUntil: null, refundAmount: 200 } : chef])),
      [`POST /api/trips/${code}/add-ons/${chef.id}/cancel`]: () => {
        cancelled = true;
        return json({ ...chef, status: 'cancelled', cancellableUntil: null, refundAmount: 200 });
      },
    });
    const view = renderApp(`/trips/${code}`);

    const section = await screen.findByRole('region', { name: 'Concierge services' });
    const item = within(section).getByRole('listitem');
    expect(item).toHaveTextContent(/Private Chef · .*Mar 11.* at 19:00 · \$200\.00 · Booked/);
    await view.user.click(within(item).getByRole('button', { name: /^Cancel Private Chef \(full refund until / }));
    await waitFor(() =>
      expect(within(section).getByRole('listitem')).toHaveTextContent('Cancelled · $200.00 refunded'),
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
  });

  it('offers the days of the stay and shows the rule the server names when an order breaks one', async () => {
    stubFetch({
      [`GET /api/trips/${code}`]: () => json(trip([])),
      [`POST /api/trips/${code}/add-ons`]: () =>
        json(
          { message: 'Spa Services takes place during the day: choose a time between 08:00 and 20:00.' },
          { status: 422 },
        ),
    });
    const view = renderApp(`/trips/${code}`);

    const section = await screen.findByRole('region', { name: 'Concierge services' });
    const day = within(section).getByLabelText('Day');
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['2031-03-10', '2031-03-11', '2031-03-12']);
    await view.user.selectOptions(within(section).getByLabelText('Service'), '2');
    await view.user.click(within(section).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Spa Services takes place during the day: choose a time between 08:00 and 20:00.',
    );
  });
});
