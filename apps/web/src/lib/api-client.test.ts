import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, requestedUrls, stubFetch, type MockHandler } from '@/testing/mock-fetch';
import { ApiError, api, browserTokenStore, createApiClient, type StoredTokens, type TokenStore } from './api-client';

const anything = { parse: (data: unknown) => data };

describe('api client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the stored token as a bearer token', async () => {
    localStorage.setItem('token', 'abc.def');
    const fetchMock = stubFetch({ 'GET /api/ping': () => json({ ok: true }) });

    await expect(api.request('/ping', anything)).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc.def');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = stubFetch({ 'GET /api/ping': () => json({ ok: true }) });
    await api.request('/ping', anything);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it("turns an error answer into an ApiError with the server's message", async () => {
    stubFetch({ 'GET /api/properties/search/x': () => json({ message: 'Property not found' }, { status: 404 }) });
    const error: unknown = await api.request('/properties/search/x', anything).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Property not found' });
  });

  it('keeps the whole error body for answers that carry more than a message', async () => {
    stubFetch({
      'POST /api/orders': () => json({ message: 'The price has changed.', amount: 123_456 }, { status: 409 }),
    });
    const error: unknown = await api.request('/orders', anything, { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, body: { message: 'The price has changed.', amount: 123_456 } });
  });

  it('can send a JSON content type without a body', async () => {
    const fetchMock = stubFetch({ 'POST /api/notify': () => json({ success: true }, { status: 202 }) });
    await api.request('/notify', anything, { method: 'POST', jsonContentType: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBeUndefined();
  });

  it("reports a failure without a JSON body as 'HTTP {status}: {text}'", async () => {
    stubFetch({
      'GET /api/ping': () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(api.request('/ping', anything)).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502: Bad Gateway',
    });
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const client = createApiClient({ baseUrl: '/api', timeoutMs: 10_000, tokens: browserTokenStore });
    const result = client.request('/slow', anything).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ status: 0, message: 'The request timed out. Please try again.' });
  });

  it('passes a 401 on unchanged when nothing is stored to refresh with', async () => {
    const fetchMock = stubFetch({ 'GET /api/me': () => json({ message: 'Unauthorized' }, { status: 401 }) });
    await expect(api.request('/me', anything)).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

/** Tokens in memory, as the browser store keeps them in local storage. */
function memoryTokens(token: string | null, refreshToken: string | null): TokenStore & { saved: StoredTokens[] } {
  const state = { token, refreshToken };
  const saved: StoredTokens[] = [];
  return {
    saved,
    getToken: () => state.token,
    getRefreshToken: () => state.refreshToken,
    save(tokens) {
      saved.push(tokens);
      state.token = tokens.token;
      state.refreshToken = tokens.refreshToken ?? state.refreshToken;
    },
    clear() {
      state.token = null;
      state.refreshToken = null;
    },
  };
}

const bearer = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

/** A protected endpoint that accepts only `valid` as the access token. */
function protectedEndpoint(valid: string, seen: (string | null)[] = []): MockHandler {
  return ({ init }) => {
    seen.push(bearer(init));
    return bearer(init) === `Bearer ${valid}`
      ? json({ ok: true })
      : json({ message: 'Your session has expired. Please sign in again.' }, { status: 401 });
  };
}

/** A promise the test resolves when it wants, e.g. to hold a refresh answer back. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('api client token refresh', () => {
  const client = (tokens: TokenStore) => createApiClient({ baseUrl: '/api', timeoutMs: 10_000, tokens });

  it('refreshes once after a 401, stores the new pair and retries with the new token', async () => {
    const seen: (string | null)[] = [];
    const refreshBodies: unknown[] = [];
    stubFetch({
      'GET /api/check-session': protectedEndpoint('fresh', seen),
      'POST /api/auth/refresh': ({ init }) => {
        refreshBodies.push(JSON.parse(init?.body as string));
        return json({ token: 'fresh', refreshToken: 'refresh-2' });
      },
    });
    const tokens = memoryTokens('stale', 'refresh-1');

    await expect(client(tokens).request('/check-session', anything)).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(tokens.getToken()).toBe('fresh');
    expect(tokens.getRefreshToken()).toBe('refresh-2');
  });

  it('keeps the current refresh token when the refresh answer carries none', async () => {
    stubFetch({
      'GET /api/me': protectedEndpoint('fresh'),
      'POST /api/auth/refresh': () => json({ token: 'fresh' }),
    });
    const tokens = memoryTokens('stale', 'refresh-1');
    await client(tokens).request('/me', anything);
    expect(tokens.getRefreshToken()).toBe('refresh-1');
  });

  it('makes requests that fail together wait for one refresh, then retries each with the new token', async () => {
    const seen: (string | null)[] = [];
    const refreshAnswer = deferred<Response>();
    const fetchMock = stubFetch({
      'GET /api/account/bookings': protectedEndpoint('fresh', seen),
      'GET /api/check-session': protectedEndpoint('fresh', seen),
      'POST /api/auth/refresh': () => refreshAnswer.promise,
    });
    const api = client(memoryTokens('stale', 'refresh-1'));

    const first = api.request('/account/bookings', anything);
    const second = api.request('/check-session', anything);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    refreshAnswer.resolve(json({ token: 'fresh', refreshToken: 'refresh-2' }));

    await expect(Promise.all([first, second])).resolves.toEqual([{ ok: true }, { ok: true }]);
    const refreshCalls = requestedUrls(fetchMock).filter((url) => url.pathname === '/api/auth/refresh');
    expect(refreshCalls).toHaveLength(1);
    expect(seen).toEqual(['Bearer stale', 'Bearer stale', 'Bearer fresh', 'Bearer fresh']);
  });

  it('retries with the newer token, without refreshing again, when a refresh finished while the request was out', async () => {
    const slowAnswer = deferred<Response>();
    const fetchMock = stubFetch({
      'GET /api/slow': ({ init }) => (bearer(init) === 'Bearer fresh' ? json({ slow: true }) : slowAnswer.promise),
      'GET /api/fast': protectedEndpoint('fresh'),
      'POST /api/auth/refresh': () => json({ token: 'fresh', refreshToken: 'refresh-2' }),
    });
    const api = client(memoryTokens('stale', 'refresh-1'));

    const slow = api.request('/slow', anything);
    await api.request('/fast', anything);
    slowAnswer.resolve(json({ message: 'Unauthorized' }, { status: 401 }));

    await expect(slow).resolves.toEqual({ slow: true });
    expect(requestedUrls(fetchMock).filter((url) => url.pathname === '/api/auth/refresh')).toHaveLength(1);
  });

  it('retries at most once: a second 401 reaches the caller', async () => {
    const fetchMock = stubFetch({
      'GET /api/me': () => json({ message: 'Still no' }, { status: 401 }),
      'POST /api/auth/refresh': () => json({ token: 'fresh', refreshToken: 'refresh-2' }),
    });
    await expect(client(memoryTokens('stale', 'refresh-1')).request('/me', anything)).rejects.toMatchObject({
      status: 401,
      message: 'Still no',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('passes the original error on without a refresh token, and asks nothing more', async () => {
    const fetchMock = stubFetch({
      'GET /api/me': () => json({ message: 'Please sign in to continue.' }, { status: 401 }),
    });
    await expect(client(memoryTokens('stale', null)).request('/me', anything)).rejects.toMatchObject({
      status: 401,
      message: 'Please sign in to continue.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails every waiting request with its own error when the refresh is refused, and ends the session', async () => {
    const refreshAnswer = deferred<Response>();
    let protectedCalls = 0;
    stubFetch({
      'GET /api/a': () => {
        protectedCalls += 1;
        return json({ message: 'A needs a session' }, { status: 401 });
      },
      'GET /api/b': () => {
        protectedCalls += 1;
        return json({ message: 'B needs a session' }, { status: 401 });
      },
      'POST /api/auth/refresh': () => refreshAnswer.promise,
    });
    const tokens = memoryTokens('stale', 'revoked');
    const api = client(tokens);
    const ended = vi.fn<() => void>();
    api.onSessionEnd(ended);

    const a = api.request('/a', anything).catch((e: unknown) => e);
    const b = api.request('/b', anything).catch((e: unknown) => e);
    await vi.waitFor(() => expect(protectedCalls).toBe(2));
    refreshAnswer.resolve(json({ message: 'Your session has expired. Please sign in again.' }, { status: 401 }));

    expect(await a).toMatchObject({ status: 401, message: 'A needs a session' });
    expect(await b).toMatchObject({ status: 401, message: 'B needs a session' });
    expect(protectedCalls).toBe(2);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(tokens.getToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
  });

  it('keeps the tokens when the refresh fails for a reason other than the token (offline, 5xx)', async () => {
    stubFetch({
      'GET /api/me': () => json({ message: 'Unauthorized' }, { status: 401 }),
      'POST /api/auth/refresh': () => json({ message: 'Internal Server Error' }, { status: 503 }),
    });
    const tokens = memoryTokens('stale', 'refresh-1');
    await expect(client(tokens).request('/me', anything)).rejects.toMatchObject({ status: 401 });
    expect(tokens.getRefreshToken()).toBe('refresh-1');
  });

  it('never refreshes for the auth endpoints themselves', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/login': () => json({ message: 'Invalid email or password' }, { status: 401 }),
      'POST /api/auth/refresh': () => json({ token: 'fresh', refreshToken: 'refresh-2' }),
    });
    const tokens = memoryTokens('stale', 'refresh-1');
    await expect(
      client(tokens).request('/auth/login', anything, { method: 'POST', body: { email: 'a@b.co', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual(['/api/auth/login']);
    expect(tokens.saved).toEqual([]);
  });

  it('lets the refresh call time out like any other request', async () => {
    vi.useFakeTimers();
    stubFetch({
      'GET /api/me': () => json({ message: 'Unauthorized' }, { status: 401 }),
      'POST /api/auth/refresh': ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });
    const result = client(memoryTokens('stale', 'refresh-1'))
      .request('/me', anything)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ status: 401, message: 'Unauthorized' });
  });
});

describe('api client failure log', () => {
  /** Every line logged from now on, with its level. */
  function logged() {
    const lines: string[] = [];
    for (const level of ['error', 'warn', 'info', 'log', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(`${level}: ${args.map(String).join(' ')}`);
      });
    }
    return lines;
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it("warns once of a refused request (4xx) with its method, path, status and the server's message", async () => {
    const log = logged();
    stubFetch({ 'GET /api/properties/search/x': () => json({ message: 'Property not found' }, { status: 404 }) });
    await api.request('/properties/search/x', anything, { query: { checkin: '2030-01-01' } }).catch(() => undefined);
    expect(log).toEqual(['warn: API request failed: GET /properties/search/x -> 404 Property not found']);
  });

  it('logs an error for a request that got no answer, with status 0', async () => {
    const log = logged();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await api.request('/ping', anything).catch(() => undefined);
    expect(log).toEqual([
      'error: API request failed: GET /ping -> 0 Could not reach the server. Please check your connection.',
    ]);
  });

  it('logs an error for a timeout, a server fault and an answer that breaks the contract', async () => {
    const log = logged();
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const client = createApiClient({ baseUrl: '/api', timeoutMs: 10_000, tokens: browserTokenStore });
    const slow = client.request('/slow', anything).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    await slow;
    vi.useRealTimers();

    stubFetch({ 'GET /api/ping': () => json({ unexpected: true }) });
    const strict = {
      parse: () => {
        throw new Error('token abc.def is not a ping');
      },
    };
    await api.request('/ping', strict).catch(() => undefined);
    stubFetch({ 'POST /api/orders': () => json({ message: 'Internal Server Error' }, { status: 500 }) });
    await api.request('/orders', anything, { method: 'POST' }).catch(() => undefined);

    expect(log).toEqual([
      'error: API request failed: GET /slow -> 0 The request timed out. Please try again.',
      'error: API request failed: GET /ping -> 200 The server sent an unexpected response.',
      'error: API request failed: POST /orders -> 500 Internal Server Error',
    ]);
  });

  it('never logs tokens, passwords, card details or the request body', async () => {
    const log = logged();
    localStorage.setItem('token', 'secret-access-token');
    localStorage.setItem('refreshToken', 'secret-refresh-token');
    stubFetch({
      'POST /api/orders': () => json({ message: 'Your card was declined.' }, { status: 402 }),
      'GET /api/me': () => json({ message: 'Unauthorized' }, { status: 401 }),
      'POST /api/auth/refresh': () => json({ message: 'Your session has expired.' }, { status: 401 }),
    });
    await api
      .request('/orders', anything, {
        method: 'POST',
        body: { email: 'guest@example.com', password: 'hunter2-password', card: '4242424242424242' },
      })
      .catch(() => undefined);
    await api.request('/me', anything).catch(() => undefined);

    const text = log.join('\n');
    expect(log).toEqual([
      'warn: API request failed: POST /orders -> 402 Your card was declined.',
      'warn: API request failed: POST /auth/refresh -> 401 Your session has expired.',
      'warn: API request failed: GET /me -> 401 Unauthorized',
    ]);
    for (const secret of [
      'secret-access-token',
      'secret-refresh-token',
      'hunter2',
      '4242',
      'guest@example.com',
      'Bearer',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("logs nothing for a success or for the caller's own cancellation", async () => {
    const log = logged();
    stubFetch({ 'GET /api/ping': () => json({ ok: true }) });
    await api.request('/ping', anything);
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('Aborted', 'AbortError'))),
    );
    await expect(api.request('/ping', anything, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(log).toEqual([]);
  });
});

describe('browser token store', () => {
  it("keeps the tokens in local storage under 'token' and 'refreshToken'", () => {
    browserTokenStore.save({ token: 'access', refreshToken: 'refresh' });
    expect(localStorage.getItem('token')).toBe('access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh');

    browserTokenStore.clear();
    expect(browserTokenStore.getToken()).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it("keeps a session without 'Remember me' in session cookies, which every tab reads, also across a refresh", () => {
    browserTokenStore.save({ token: 'access', refreshToken: 'refresh' }, false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(document.cookie).toContain('sas_session_token=access');
    expect(browserTokenStore.getToken()).toBe('access');

    // A refresh keeps it where it was, with the refresh token it did not replace.
    browserTokenStore.save({ token: 'access-2' });
    expect(document.cookie).toContain('sas_session_token=access-2');
    expect(localStorage.getItem('token')).toBeNull();
    expect(browserTokenStore.getRefreshToken()).toBe('refresh');
    browserTokenStore.clear();
    expect(document.cookie).not.toContain('sas_session');
    expect(browserTokenStore.getToken()).toBeNull();
  });

  it('moves a session to local storage when the guest signs in again with Remember me', () => {
    browserTokenStore.save({ token: 'access', refreshToken: 'refresh' }, false);
    browserTokenStore.save({ token: 'access-2', refreshToken: 'refresh-2' }, true);
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(document.cookie).not.toContain('sas_session');
    browserTokenStore.clear();
  });
});
