import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAccountBooking, createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const user = createSessionUser({ firstName: 'Avery', lastName: 'Quinn', email: 'avery@example.com' });

function signedIn() {
  localStorage.setItem('token', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
}

describe('/dashboard', () => {
  it('sends an anonymous visitor to /login first, to come back after', async () => {
    const view = renderApp('/dashboard');
    await waitFor(() => expect(view.history.location.pathname).toBe('/login'));
    expect(view.history.location.search).toBe('?redirectTo=%2Fdashboard');
  });

  it('greets the user and lists their stays with dates, status and total', async () => {
    signedIn();
    stubFetch({
      'GET /api/check-session': () => json(user),
      'GET /api/account/bookings': () =>
        json([
          createAccountBooking({ propertyName: 'Bear Den Lodge', propertySlug: 'bear-den-lodge', totalCents: 245_075 }),
          createAccountBooking({
            propertyName: 'Lakeshore Cottage',
            propertySlug: 'lakeshore-cottage',
            checkIn: '2031-07-01',
            checkOut: '2031-07-05',
            status: 'cancelled',
          }),
        ]),
    });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Quinn' })).toBeInTheDocument();
    const bear = await screen.findByRole('link', { name: 'Bear Den Lodge' });
    expect(bear).toHaveAttribute('href', '/property/bear-den-lodge');
    const card = bear.closest('li')!;
    expect(within(card).getByText('Feb 3 – 7, 2031')).toBeInTheDocument();
    expect(within(card).getByText('Confirmed')).toBeInTheDocument();
    expect(within(card).getByText('$2,450.75')).toBeInTheDocument();
    const lake = screen.getByRole('link', { name: 'Lakeshore Cottage' }).closest('li')!;
    expect(within(lake).getByText('Cancelled')).toBeInTheDocument();
  });

  it('has a friendly word when there are no stays yet', async () => {
    signedIn();
    stubFetch({ 'GET /api/check-session': () => json(user), 'GET /api/account/bookings': () => json([]) });
    renderApp('/dashboard');
    expect(await screen.findByText(/You have no stays booked yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our homes' })).toHaveAttribute(
      'href',
      '/search/results?category=all',
    );
  });

  it('signs out to /login, and the footer offers to sign in again', async () => {
    signedIn();
    stubFetch({
      'GET /api/check-session': () => json(user),
      'GET /api/account/bookings': () => json([]),
      'POST /api/logout': () => new Response(null, { status: 204 }),
    });
    const view = renderApp('/dashboard');
    await view.user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(view.history.location.pathname).toBe('/login'));
    expect(view.history.location.search).toBe('');
    // The location moves first; the page follows once its code is there.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
