// The console's own chrome (ADR 040): no public header, call banner or
// footer; a top bar with the company's name, the search and the user's menu;
// the navigation folded behind Menu; and what every layout keeps (the skip
// link to the page's main landmark).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateRange, type AdminSearchResult } from '@sas/domain';
import { createSessionUser } from '@/testing/auth-data';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import type { Role } from '../roles';

const found: AdminSearchResult = {
  reservations: [
    {
      code: 'SAS-DEM4K2',
      propertyId: 'SAS-1006',
      propertyName: 'Bear Den Lodge',
      checkIn: '2030-01-10',
      checkOut: '2030-01-14',
      status: 'confirmed',
      guestName: 'Dana Reyes',
    },
  ],
  homes: [{ id: 'h6', propertyId: 'SAS-1006', name: 'Bear Den Lodge', published: true }],
};

function signInAs(role: Role, more: Record<string, Parameters<typeof stubFetch>[0][string]> = {}) {
  localStorage.setItem('token', 'access-1');
  const user = createSessionUser({ role, isGuest: role === 'guest', firstName: 'Dana', lastName: 'Reyes' });
  const fetchMock = stubFetch({
    'GET /api/check-session': () => json(user),
    'GET /api/admin/dashboard': () => json({ message: 'Not in this test' }, { status: 503 }),
    'GET /api/admin/search': () => json(found),
    ...more,
  });
  return { user, fetchMock };
}

describe('the console’s chrome', () => {
  it('has its own bar instead of the public header, call banner and footer', async () => {
    signInAs('staff');
    renderApp('/admin');
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Summit & Shore Console' })).toHaveAttribute('href', '/admin');
    expect(within(bar).getByRole('search', { name: 'Console' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByText(/chat live|call us/i)).not.toBeInTheDocument();
    // What every layout keeps: the skip link to the page's main landmark, the page inside it.
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(
      await within(screen.getByRole('main')).findByRole('heading', { level: 1, name: 'Dashboard' }),
    ).toBeInTheDocument();
  });

  it('names the user and their role, and offers account security, the public site and signing out', async () => {
    signInAs('admin', { 'POST /api/logout': () => json({}) });
    const view = renderApp('/admin');
    const menuButton = await screen.findByRole('button', { name: /Dana Reyes\s*Administrator/ });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menuButton.getAttribute('aria-controls') ?? '')!;
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Account security' })).toHaveAttribute('href', '/account/security');
    expect(within(panel).getByRole('link', { name: 'Public site' })).toHaveAttribute('href', '/');

    await view.user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await view.user.click(menuButton);
    await view.user.click(within(panel).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('folds the navigation behind Menu, and folds it again once a page is chosen', async () => {
    signInAs('owner', { 'GET /api/admin/reservations': () => json([]) });
    const view = renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')).toHaveAttribute('data-open');
    await view.user.click(within(nav).getByRole('link', { name: 'Reservations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservations' })).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('tells a guest account it has no access, in a main landmark and without the console’s bar', async () => {
    signInAs('guest');
    renderApp('/admin');
    const main = await screen.findByRole('main');
    expect(
      within(main).getByRole('heading', { level: 1, name: 'You do not have access to the console' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});

/** The search's live line, which the box names as its description. */
function statusOf(box: HTMLElement): HTMLElement | null {
  return document.getElementById(box.getAttribute('aria-describedby') ?? '');
}

describe('the console’s search', () => {
  it('shows the bookings and homes found, and opens the one the arrows choose', async () => {
    const { fetchMock } = signInAs('staff', {
      'GET /api/admin/reservations/SAS-DEM4K2': () => json({ message: 'Not in this test' }, { status: 503 }),
    });
    const view = renderApp('/admin');
    const box = await screen.findByRole('combobox', { name: 'Find a booking, guest or listing' });
    await view.user.type(box, 'reyes');
    const results = await screen.findByRole('listbox', { name: 'Search results' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = within(results).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      `Booking SAS-DEM4K2 Dana Reyes · Bear Den Lodge · ${formatDateRange('2030-01-10', '2030-01-14')}`,
      'Home Bear Den Lodge SAS-1006',
      'Search All reservations matching “reyes”',
    ]);
    expect(statusOf(box)).toHaveTextContent('2 results: use the arrow keys to choose one.');
    expect(
      requestedUrls(fetchMock)
        .find((url) => url.pathname === '/api/admin/search')
        ?.searchParams.get('q'),
    ).toBe('reyes');

    await view.user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(view.history.location.pathname).toBe('/admin/reservations/SAS-DEM4K2'));
    expect(box).toHaveValue('');
  });

  it('opens a whole booking code at once, and searches the reservations for anything else', async () => {
    signInAs('staff', {
      'GET /api/admin/reservations/SAS-AB23CD': () => json({ message: 'Not in this test' }, { status: 503 }),
      'GET /api/admin/reservations': () => json([]),
    });
    const view = renderApp('/admin');
    const box = await screen.findByRole('combobox', { name: 'Find a booking, guest or listing' });
    await view.user.type(box, 'sas-ab23cd{Enter}');
    await waitFor(() => expect(view.history.location.pathname).toBe('/admin/reservations/SAS-AB23CD'));

    await view.user.type(box, 'grace@example.com{Enter}');
    await waitFor(() => expect(view.history.location.pathname).toBe('/admin/reservations'));
    expect(new URLSearchParams(view.history.location.search).get('q')).toBe('grace@example.com');
  });

  it('sends an owner’s home to its calendar, and says when nothing matches', async () => {
    signInAs('owner', {
      'GET /api/admin/search': ({ url }) =>
        json(url.searchParams.get('q') === 'zz' ? { reservations: [], homes: [] } : found),
    });
    const view = renderApp('/admin');
    const box = await screen.findByRole('combobox', { name: 'Find a booking, guest or listing' });
    await view.user.type(box, 'zz');
    await waitFor(() => expect(statusOf(box)).toHaveTextContent('No booking or listing matches “zz”.'));

    await view.user.clear(box);
    await view.user.type(box, 'bear');
    const home = await screen.findByRole('option', { name: /^Home Bear Den Lodge/ });
    await view.user.click(home);
    await waitFor(() => expect(view.history.location.pathname).toBe('/admin/calendar'));
    expect(new URLSearchParams(view.history.location.search).get('home')).toBe('SAS-1006');
  });
});
