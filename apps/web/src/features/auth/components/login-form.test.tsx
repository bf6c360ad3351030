import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

// Each page is a lazy route whose code loads first: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const user = createSessionUser({ email: 'avery@example.com' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function fillIn(view: ReturnType<typeof renderApp>, email: string, password: string) {
  await view.user.type(await screen.findByLabelText('Email'), email);
  await view.user.type(screen.getByLabelText('Password'), password);
}

describe('/login', () => {
  it('offers every way in: email and password, Remember me, reset, sign-up and three social providers', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getAllByRole('button', { name: /^Continue with/ }).map((b) => b.textContent)).toEqual([
      'Continue with Facebook',
      'Continue with Apple',
      'Continue with Google',
    ]);
    await waitFor(() => expect(document.title).toBe('Login | Summit & Shore'));
  });

  it('says what is missing instead of sending an empty form', async () => {
    const fetchMock = stubFetch({});
    const view = renderApp('/login');
    await view.user.click(await screen.findByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(fetchMock).not.toHaveBeenCalled();

    await view.user.type(email, 'avery@');
    expect(email).toHaveAccessibleDescription('Enter an email address such as name@example.com.');
    await view.user.type(email, 'example.com');
    expect(email).not.toHaveAccessibleDescription();
  });

  it("shows 'Logging in...' while signing in, then returns to the page that sent the visitor here", async () => {
    const loginAnswer = deferred<Response>();
    stubFetch({
      'POST /api/auth/login': () => loginAnswer.promise,
      'GET /api/check-session': () => json(user),
    });
    const view = renderApp({ pathname: '/reservations', search: '?step=2' });
    await waitFor(() => expect(view.history.location.pathname).toBe('/login'));
    expect(view.history.location.search).toBe(`?redirectTo=${encodeURIComponent('/reservations?step=2')}`);

    await fillIn(view, 'avery@example.com', 'correct horse');
    await view.user.click(screen.getByLabelText('Remember me'));
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeInTheDocument();

    loginAnswer.resolve(json({ token: 'access-1', refreshToken: 'refresh-1', email: user.email }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/reservations'));
    expect(view.history.location.search).toBe('?step=2');
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute('href', '/dashboard');
  });

  it('goes to the home page when nothing sent the visitor here, and ignores a link to another site', async () => {
    stubFetch({
      'POST /api/auth/login': () => json({ token: 'access-1', refreshToken: 'refresh-1', email: user.email }),
      'GET /api/check-session': () => json(user),
      'GET /api/properties/collection/essentials': () => json([]),
    });
    const view = renderApp('/login?redirectTo=//evil.example/steal');
    await fillIn(view, 'avery@example.com', 'correct horse');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(view.history.location.pathname).toBe('/'));
  });

  it("shows the server's reason for a refused sign-in, and 'Login failed' when there is none", async () => {
    let status = 401;
    stubFetch({
      'POST /api/auth/login': () =>
        status === 401
          ? json({ message: 'Invalid email or password' }, { status: 401 })
          : new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    const view = renderApp('/login');
    await fillIn(view, 'avery@example.com', 'wrong password');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    // The alert is an empty live region until the answer arrives.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password'));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();

    status = 502;
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
    expect(view.history.location.pathname).toBe('/login');
  });

  it('keeps the page to return to when the visitor goes on to sign up', async () => {
    const view = renderApp('/login?redirectTo=%2Freservations');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup?redirectTo=${encodeURIComponent('/reservations')}`,
    );
    await view.user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
  });
});

describe('/login social sign-in', () => {
  const origin = window.location.origin;

  function post(data: unknown, from = origin) {
    window.dispatchEvent(new MessageEvent('message', { data, origin: from }));
  }

  it('opens each provider in a popup, google on its own path', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus: vi.fn() } as unknown as Window);
    const view = renderApp('/login');
    await view.user.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    await view.user.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    await view.user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    const redirect = encodeURIComponent(`${origin}/oauth-redirect`);
    expect(open.mock.calls.map((call) => call[0])).toEqual([
      `/api/oauth2/authorize/facebook?redirect_uri=${redirect}`,
      `/api/oauth2/authorize/apple?redirect_uri=${redirect}`,
      `/api/oauth2/authorization/google?redirect_uri=${redirect}`,
    ]);
  });

  it('alerts when the browser blocks the popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const view = renderApp('/login');
    await view.user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(alert).toHaveBeenCalledWith(
      'An error occurred: The sign-in window was blocked. Please allow pop-ups for this site.',
    );
  });

  it("signs in with the popup's tokens and goes to /dashboard", async () => {
    stubFetch({
      'GET /api/check-session': () => json(user),
      'GET /api/account/bookings': () => json([]),
    });
    const view = renderApp('/login');
    await screen.findByRole('button', { name: 'Continue with Google' });

    post({ type: 'oauth', token: 'social-access', refreshToken: 'social-refresh' });
    await waitFor(() => expect(view.history.location.pathname).toBe('/dashboard'));
    expect(document.cookie).toContain('sas_session_token=social-access');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Quinn' })).toBeInTheDocument();
  });

  it("alerts 'Social login failed: {error}' for an error, and believes no other site's message", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const fetchMock = stubFetch({});
    const view = renderApp('/login');
    await screen.findByRole('button', { name: 'Continue with Google' });

    post({ type: 'oauth', token: 'forged' }, 'https://evil.example');
    post({ type: 'oauth', error: 'Google sign-in is not configured.' });
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Social login failed: Google sign-in is not configured.'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(view.history.location.pathname).toBe('/login');
  });

  it("alerts 'Login failed: {message}' when the popup's token does not give a session", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubFetch({ 'GET /api/check-session': () => json({ message: 'Please sign in to continue.' }, { status: 401 }) });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Continue with Google' });

    post({ type: 'oauth', token: 'bad' });
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Login failed: Please sign in to continue.'));
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
