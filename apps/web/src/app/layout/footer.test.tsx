import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const user = createSessionUser({ email: 'avery@example.com' });

async function footerLink(name: string) {
  const footer = await screen.findByRole('navigation', { name: 'Footer' });
  return within(footer).getByRole('link', { name });
}

describe('footer Sign in', () => {
  afterEach(() => {
    // A sign-in without Remember me keeps the session in session storage.
    sessionStorage.clear();
  });

  it('signs the visitor in and brings them back to the page they were on, query and hash included', async () => {
    stubFetch({
      'POST /api/auth/login': () => json({ token: 'access-1', refreshToken: 'refresh-1', email: user.email }),
      'GET /api/check-session': () => json(user),
    });
    const view = renderApp('/policies?from=footer#faq');
    const signIn = await footerLink('Sign in');
    expect(signIn).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent('/policies?from=footer#faq')}`);

    await view.user.click(signIn);
    await view.user.type(await screen.findByLabelText('Email'), 'avery@example.com');
    await view.user.type(screen.getByLabelText('Password'), 'correct horse');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(view.history.location.pathname).toBe('/policies'));
    expect(view.history.location.search).toBe('?from=footer');
    expect(view.history.location.hash).toBe('#faq');
    expect(await footerLink('My account')).toHaveAttribute('href', '/dashboard');
  });

  it('goes plainly to /login from the home page, and keeps the return an account page already carries', async () => {
    stubFetch({});
    const view = renderApp('/');
    expect(await footerLink('Sign in')).toHaveAttribute('href', '/login');

    act(() => view.history.push(`/signup?redirectTo=${encodeURIComponent('/concierge')}`));
    await screen.findByRole('heading', { level: 1, name: /create/i });
    expect(await footerLink('Sign in')).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/concierge')}`,
    );
  });
});
