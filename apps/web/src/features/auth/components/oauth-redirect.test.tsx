import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

/** The popup's address as the server's final redirect leaves it. */
function landWith(fragment: string) {
  window.history.replaceState(null, '', `/oauth-redirect#${fragment}`);
  return renderApp(`/oauth-redirect#${fragment}`);
}

describe('/oauth-redirect', () => {
  // A page nothing opened has a null opener in a browser (jsdom leaves it undefined).
  beforeEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  });

  function withOpener() {
    const opener = { closed: false, postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    return { opener, close };
  }

  it('hands the tokens to the window that opened it, for this origin only, and closes', async () => {
    const { opener, close } = withOpener();
    landWith('token=access-1&refreshToken=refresh-1');

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: 'oauth', token: 'access-1', refreshToken: 'refresh-1' },
      window.location.origin,
    );
    // The tokens do not stay in the address bar or the history.
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('hands an error to the opener too', async () => {
    const { opener } = withOpener();
    landWith('error=Access%20denied');
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: 'oauth', error: 'Access denied' },
        window.location.origin,
      ),
    );
  });

  it('signs in by itself and goes to /dashboard when nothing opened it', async () => {
    stubFetch({
      'GET /api/check-session': () => json(createSessionUser({ firstName: 'Rowan', lastName: 'Ellis' })),
      'GET /api/account/bookings': () => json([]),
    });
    const view = landWith('token=access-1&refreshToken=refresh-1');
    await waitFor(() => expect(view.history.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Rowan Ellis' })).toBeInTheDocument();
  });

  it('shows the error when nothing opened it', async () => {
    landWith('error=Google%20sign-in%20is%20not%20configured.');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Social login failed: Google sign-in is not configured.',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
