import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPropertyCard } from '@/testing/data-generators';
import { scrollNear } from '@/testing/intersection-observer';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

describe('home page', () => {
  beforeEach(() => {
    stubFetch({});
  });

  it('scrolls smoothly to the search box and moves focus there from Plan Your Getaway', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Plan Your Getaway' }));

    const searchBox = screen.getByRole('region', { name: 'Find your stay' });
    expect(searchBox.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(within(searchBox).getByLabelText('Location')).toHaveFocus();
  });

  it('searches with location, dates and guests in the query', async () => {
    const { user, history } = renderApp('/');
    const location = await screen.findByLabelText('Location');
    expect(location).toHaveDisplayValue('All locations');
    expect(screen.getByLabelText('Guests')).toHaveValue(2);

    await user.selectOptions(location, 'Michigan');
    await user.type(screen.getByLabelText('Check-in'), '2031-07-04');
    await user.type(screen.getByLabelText('Check-out'), '2031-07-09');
    await user.clear(screen.getByLabelText('Guests'));
    await user.type(screen.getByLabelText('Guests'), '4');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(history.location.pathname).toBe('/search'));
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({
      location: 'michigan',
      checkIn: '2031-07-04',
      checkOut: '2031-07-09',
      adults: '4',
    });
  });

  it('does not accept fewer than one guest', async () => {
    renderApp('/');
    const guests = await screen.findByLabelText('Guests');
    expect(guests).toHaveAttribute('min', '1');
    expect(guests).toBeRequired();
  });

  it('loads featured homes only once the section scrolls near', async () => {
    const resort = [createPropertyCard({ public_name: 'Peak Seven Lodge' }), createPropertyCard()];
    const fetchMock = stubFetch({
      'GET /api/properties/collection/resort': () => json(resort),
      'GET /api/properties/collection/luxury': () => json([createPropertyCard({ public_name: 'Summit Estate' })]),
      'GET /api/properties/collection/essentials': () => json([]),
      'GET /api/properties/collection/michigan': () => json([]),
    });
    renderApp('/');

    const placeholder = await screen.findByText('Loading featured homes…');
    expect(fetchMock).not.toHaveBeenCalled();

    scrollNear(placeholder);

    const resortCarousel = await screen.findByRole('region', { name: 'Resort Collection homes' });
    expect(within(resortCarousel).getByRole('link', { name: 'Peak Seven Lodge' })).toHaveAttribute(
      'href',
      '/property/peak-seven-lodge',
    );
    expect(screen.getByRole('region', { name: 'Luxury Collection homes' })).toBeInTheDocument();
    // The fullest collection comes first.
    const titles = screen.getAllByRole('heading', { level: 3, name: /Collection$/ }).map((h) => h.textContent);
    expect(titles).toEqual(['Resort Collection', 'Luxury Collection']);
    expect(requestedUrls(fetchMock).map((url) => url.searchParams.get('size'))).toEqual(['12', '12', '12', '12']);
  });

  it('shows guest reviews and local highlights when scrolled to', async () => {
    renderApp('/');
    scrollNear(await screen.findByText('Loading guest reviews…'));
    scrollNear(screen.getByText('Loading local experiences…'));

    // The two sections' code is transformed on first use: seconds on a busy machine (the full run).
    const lazyLoad = { timeout: 12_000 };
    expect(await screen.findByText('Megan H.', {}, lazyLoad)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Breckenridge, Colorado' }, lazyLoad)).toBeInTheDocument();
  });

  it('links the concierge section to /concierge', async () => {
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Concierge services' });
    for (const service of ['Private Chef', 'Butler Service', 'Daily Housekeeping']) {
      expect(within(section).getByRole('heading', { name: service })).toBeInTheDocument();
    }
    expect(within(section).getByRole('link', { name: 'Explore concierge services' })).toHaveAttribute(
      'href',
      '/concierge',
    );
  });
});
