import { startTransition, type ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createSessionUser } from '@/testing/auth-data';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { useSession } from '@/lib/session';
import { AuthProvider, useAuth, type AppNavigate } from './auth-provider';

const user = createSessionUser({ email: 'avery@example.com', firstName: 'Avery', lastName: 'Quinn' });

const bearer = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

function renderAuth() {
  // As the app's navigate does: the move and `alongside` in one transition.
  const navigate = vi.fn<AppNavigate>((_path, alongside) => startTransition(() => alongside?.()));
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider navigate={navigate}>{children}</AuthProvider>
    </QueryClientProvider>
  );
  const view = renderHook(() => ({ auth: useAuth(), session: useSession() }), { wrapper });
  return { ...view, navigate, queryClient };
}

function signedIn(token = 'access-1', refreshToken = 'refresh-1') {
  localStorage.setItem('token', token);
  localStorage.setItem('refreshToken', refreshToken);
}

describe('AuthProvider', () => {
  it('is anonymous at once when no token is stored, without asking the server', () => {
    const fetchMock = stubFetch({});
    const { result } = renderAuth();
    expect(result.current.auth).toMatchObject({ status: 'anonymous', user: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks a stored token at start and sets the user', async () => {
    signedIn('access-1');
    const fetchMock = stubFetch({
      'GET /api/check-session': ({ init }) =>
        bearer(init) === 'Bearer access-1' ? json(user) : json({ message: 'no' }, { status: 401 }),
    });
    const { result } = renderAuth();
    expect(result.current.session.status).toBe('loading');

    await waitFor(() => expect(result.current.session.status).toBe('authenticated'));
    expect(result.current.auth.user).toEqual(user);
    expect(result.current.session.user).toEqual(user);
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual(['/api/check-session']);
  });

  it('removes a stored token the server refuses, ends loading and only logs the failure', async () => {
    localStorage.setItem('token', 'expired');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'GET /api/check-session': () => json({ message: 'Please sign in to continue.' }, { status: 401 }) });
    const { result } = renderAuth();

    await waitFor(() => expect(result.current.auth.status).toBe('anonymous'));
    expect(result.current.auth.user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Session check failed', expect.anything());
  });

  it('signs in: stores both tokens and sets the user from the session check', async () => {
    const loginBodies: unknown[] = [];
    stubFetch({
      'POST /api/auth/login': ({ init }) => {
        loginBodies.push(JSON.parse(init?.body as string));
        return json({ token: 'access-2', refreshToken: 'refresh-2', email: user.email });
      },
      'GET /api/check-session': ({ init }) =>
        bearer(init) === 'Bearer access-2' ? json(user) : json({ message: 'no' }, { status: 401 }),
    });
    const { result } = renderAuth();

    await act(() => result.current.auth.login('avery@example.com', 'correct horse', { remember: true }));
    expect(loginBodies).toEqual([{ email: 'avery@example.com', password: 'correct horse' }]);
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(result.current.auth).toMatchObject({ status: 'authenticated', user });
  });

  it("keeps a sign-in without 'Remember me' out of local storage", async () => {
    stubFetch({
      'POST /api/auth/login': () => json({ token: 'access-2', refreshToken: 'refresh-2', email: user.email }),
      'GET /api/check-session': () => json(user),
    });
    const { result } = renderAuth();
    await act(() => result.current.auth.login('avery@example.com', 'correct horse', { remember: false }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(document.cookie).toContain('sas_session_token=access-2');
  });

  it("passes a refused sign-in on with the server's message and stays anonymous", async () => {
    stubFetch({ 'POST /api/auth/login': () => json({ message: 'Invalid email or password' }, { status: 401 }) });
    const { result } = renderAuth();
    await expect(result.current.auth.login('avery@example.com', 'wrong password')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(result.current.auth.user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('registers with the given values, then is signed in', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'POST /api/auth/register': ({ init }) => {
        bodies.push(JSON.parse(init?.body as string));
        return json(
          { token: 'access-3', refreshToken: 'refresh-3', email: user.email, isGuest: true },
          { status: 201 },
        );
      },
      'GET /api/check-session': () => json(user),
    });
    const { result } = renderAuth();
    const input = { email: 'avery@example.com', password: 'correct horse', firstName: 'Avery', lastName: 'Quinn' };

    await act(() => result.current.auth.register(input));
    expect(bodies).toEqual([input]);
    expect(localStorage.getItem('token')).toBe('access-3');
    expect(result.current.auth.user).toEqual(user);
  });

  it('signs out: tells the server which refresh token to revoke, clears the tokens and the user, goes to /login', async () => {
    signedIn('access-1', 'refresh-1');
    const logoutCalls: { auth: string | null; body: unknown }[] = [];
    stubFetch({
      'GET /api/check-session': () => json(user),
      'POST /api/logout': ({ init }) => {
        logoutCalls.push({ auth: bearer(init), body: JSON.parse(init?.body as string) });
        return new Response(null, { status: 204 });
      },
    });
    const { result, navigate } = renderAuth();
    await waitFor(() => expect(result.current.auth.status).toBe('authenticated'));

    await act(() => result.current.auth.logout());
    expect(logoutCalls).toEqual([{ auth: 'Bearer access-1', body: { refreshToken: 'refresh-1' } }]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(result.current.auth).toMatchObject({ status: 'anonymous', user: null });
    expect(navigate).toHaveBeenCalledWith('/login', expect.any(Function));
  });

  it('keeps the user signed in when the sign-out call fails, and only logs it', async () => {
    signedIn('access-1', 'refresh-1');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/check-session': () => json(user),
      'POST /api/logout': () => json({ message: 'Internal Server Error' }, { status: 500 }),
    });
    const { result, navigate } = renderAuth();
    await waitFor(() => expect(result.current.auth.status).toBe('authenticated'));

    await act(() => result.current.auth.logout());
    expect(logged).toHaveBeenCalledWith('Logout failed', expect.anything());
    expect(result.current.auth).toMatchObject({ status: 'authenticated', user });
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs the user out when the server refuses the refresh token', async () => {
    signedIn('access-1', 'refresh-1');
    let sessionValid = true;
    stubFetch({
      'GET /api/check-session': () => (sessionValid ? json(user) : json({ message: 'expired' }, { status: 401 })),
      'POST /api/auth/refresh': () =>
        json({ message: 'Your session has expired. Please sign in again.' }, { status: 401 }),
      'GET /api/account/bookings': () => json({ message: 'expired' }, { status: 401 }),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.status).toBe('authenticated'));

    sessionValid = false;
    const { api } = await import('@/lib/api-client');
    await act(() => api.request('/account/bookings', { parse: (data) => data }).catch(() => undefined));
    expect(result.current.session).toEqual({ status: 'anonymous', user: null });
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it("throws 'useAuth must be used within an AuthProvider' outside its provider", () => {
    // React reports the render error before the test sees it.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});
