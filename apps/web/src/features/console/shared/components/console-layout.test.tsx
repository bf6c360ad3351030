import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import type { Role } from '../roles';
import { totpSetupNotice } from '../totp-setup-redirect';

function signInAs(role: Role) {
  localStorage.setItem('token', 'access-1');
  stubFetch({ 'GET /api/check-session': () => json(createSessionUser({ role, isGuest: role === 'guest' })) });
}

async function consoleLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Console' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the console guard', () => {
  it('sends an anonymous visitor to sign in, returning to the console page asked for', async () => {
    stubFetch({});
    const view = renderApp('/admin/reservations?status=confirmed');
    await screen.findByRole('heading', { level: 1, name: /log in/i });
    expect(view.history.location.pathname).toBe('/login');
    expect(new URLSearchParams(view.history.location.search).get('redirectTo')).toBe(
      '/admin/reservations?status=confirmed',
    );
  });

  it('tells a guest account it has no access, with no console navigation', async () => {
    signInAs('guest');
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to the console' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  });

  it('tells a cleaner account it has no access either: cleaners work from their own page', async () => {
    signInAs('cleaner');
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to the console' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  });

  it("shows an owner their calendar, reservations, statements and their homes' tasks only", async () => {
    signInAs('owner');
    renderApp('/admin');
    expect(await consoleLinks()).toEqual(['Dashboard', 'Calendar', 'Reservations', 'Statements', 'Reports', 'Tasks']);
  });

  it('shows staff the company screens but not accounts or the audit log', async () => {
    signInAs('staff');
    renderApp('/admin/audit');
    const links = await consoleLinks();
    expect(links).toContain('Homes');
    expect(links).toContain('Inquiries');
    expect(links).not.toContain('Audit log');
    expect(links).not.toContain('Accounts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to the audit log' }),
    ).toBeInTheDocument();
  });

  it('shows an admin every screen, and marks the current one', async () => {
    signInAs('admin');
    renderApp('/admin/calendar');
    expect(await consoleLinks()).toEqual([
      'Dashboard',
      'Calendar',
      'Reservations',
      'Statements',
      'Reports',
      'Homes',
      'Tasks',
      'Concierge',
      'Inquiries',
      'Reviews',
      'Promotions',
      'Google',
      'Messages',
      'Accounts',
      'Audit log',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });
});

describe('compulsory two-step sign-in', () => {
  const refusal = {
    message: 'Two-step sign-in is required for staff accounts. Set it up on your account security page first.',
    code: 'totp_setup_required',
  };

  it('sends staff refused for want of it to the security page, with a notice instead of an error', async () => {
    localStorage.setItem('token', 'access-1');
    stubFetch({
      'GET /api/check-session': () => json(createSessionUser({ role: 'staff', isGuest: false })),
      'GET /api/admin/inquiries': () => json(refusal, { status: 403 }),
      'GET /api/auth/totp': () => json({ enabled: false, required: true }),
    });
    const view = renderApp('/admin/inquiries');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in security' })).toBeInTheDocument();
    expect(view.history.location.pathname).toBe('/account/security');
    expect(view.history.action).toBe('REPLACE');
    expect(screen.getByRole('alert')).toHaveTextContent(totpSetupNotice);
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });

  it('leaves any other refusal to the screen that asked', async () => {
    localStorage.setItem('token', 'access-1');
    stubFetch({
      'GET /api/check-session': () => json(createSessionUser({ role: 'staff', isGuest: false })),
      'GET /api/admin/inquiries': () => json({ message: 'Not for you' }, { status: 403 }),
    });
    const view = renderApp('/admin/inquiries');

    expect(await screen.findByText(/We could not load the inquiries\. Not for you/)).toBeInTheDocument();
    await waitFor(() => expect(view.history.location.pathname).toBe('/admin/inquiries'));
  });
});

describe('the footer Console link', () => {
  it('appears for staff and not for a guest', async () => {
    signInAs('staff');
    const view = renderApp('/policies');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(await within(footer).findByRole('link', { name: 'Console' })).toHaveAttribute('href', '/admin');
    view.unmount();

    signInAs('guest');
    renderApp('/policies');
    const guestFooter = await screen.findByRole('navigation', { name: 'Footer' });
    await within(guestFooter).findByRole('link', { name: 'My account' });
    expect(within(guestFooter).queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
  });
});
