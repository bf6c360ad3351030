// /reservation?home=…&checkin=…: the address the Reserve form submits before
// the property page's code runs (issue 25), and a link a guest may share.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPropertyDetails } from '@/testing/data-generators';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { createQuote, requestBody } from '../testing/booking-data';
import { readDraft } from '../utils/reservation-draft';

const home = createPropertyDetails({ public_name: 'Bear Den Lodge', slug: 'bear-den-lodge', maxGuests: 8 });
const homePath = '/api/properties/search/bear-den-lodge';
const quotePath = `/api/properties/${home.id}/quote`;
const stay = 'checkin=2027-04-12&checkout=2027-04-16&adults=2&children=1';

describe('a reservation started by its address', () => {
  afterEach(() => sessionStorage.clear());

  it('prices the stay, then shows step 1 with it, under /reservation alone', async () => {
    const fetchMock = stubFetch({
      [`GET ${homePath}`]: () => json(home),
      [`POST ${quotePath}`]: () => json(createQuote()),
    });
    const { history } = renderApp(`/reservation?home=bear-den-lodge&${stay}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeInTheDocument();
    const summary = await screen.findByRole('complementary', { name: 'Bear Den Lodge' });
    expect(within(summary).getByText('2 adults, 1 child')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$1,291.11');
    const quoteCall = fetchMock.mock.calls.find(
      (_call, index) => requestedUrls(fetchMock)[index]?.pathname === quotePath,
    );
    expect(requestBody(quoteCall?.[1])).toEqual({
      checkin_date: '2027-04-12',
      checkout_date: '2027-04-16',
      guests: { adults: 2, children: 1, infants: 0, pets: 0 },
    });
    // The address became the reservation's own, as after the property page's Reserve: a reload resumes it.
    expect(history.location.pathname).toBe('/reservation');
    expect(history.location.search).toBe('');
    await waitFor(() => expect(readDraft()?.startKey).toBe(history.location.key));
    expect(readDraft()?.home.slug).toBe('bear-den-lodge');
  });

  it('says why when the home refuses the stay, with the way back to its calendar', async () => {
    stubFetch({
      [`GET ${homePath}`]: () => json(home),
      [`POST ${quotePath}`]: () => json({ message: 'Selected dates are not available' }, { status: 422 }),
    });
    renderApp(`/reservation?home=bear-den-lodge&${stay}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Selected dates are not available');
    expect(screen.getByRole('link', { name: 'Change dates' })).toHaveAttribute(
      'href',
      `/property/bear-den-lodge?${stay}#booking`,
    );
    expect(readDraft()).toBeNull();
  });

  it('sends a link without dates to the home to choose them, and an unknown home to the collections', async () => {
    stubFetch({
      [`GET ${homePath}`]: () => json(home),
      'GET /api/properties/search/no-such-home': () => json({ message: 'Property not found' }, { status: 404 }),
    });
    const { unmount } = renderApp('/reservation?home=bear-den-lodge&adults=2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose your dates to reserve this home.');
    expect(screen.getByRole('link', { name: 'Choose dates' })).toHaveAttribute(
      'href',
      '/property/bear-den-lodge?adults=2#booking',
    );
    unmount();

    renderApp(`/reservation?home=no-such-home&${stay}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This home cannot be booked online.');
    expect(screen.getByRole('link', { name: 'Browse our homes' })).toHaveAttribute('href', '/collections');
  });
});
