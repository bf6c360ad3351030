import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/mock-fetch';
import { ApiError, api, createApiClient } from './api-client';

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
    const client = createApiClient({ baseUrl: '/api', timeoutMs: 10_000, getToken: () => null });
    const result = client.request('/slow', anything).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ status: 0, message: 'The request timed out. Please try again.' });
  });

  it('retries once with a refreshed token after a 401 when a refresher is configured', async () => {
    const seen: (string | null)[] = [];
    stubFetch({
      'GET /api/me': ({ init }) => {
        const auth = new Headers(init?.headers).get('Authorization');
        seen.push(auth);
        return auth === 'Bearer fresh'
          ? json({ email: 'guest@example.com' })
          : json({ message: 'Unauthorized' }, { status: 401 });
      },
    });
    const client = createApiClient({
      baseUrl: '/api',
      timeoutMs: 10_000,
      getToken: () => 'stale',
      refreshToken: () => Promise.resolve('fresh'),
    });
    await expect(client.request('/me', anything)).resolves.toEqual({ email: 'guest@example.com' });
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('passes a 401 on unchanged when no refresher is configured', async () => {
    const fetchMock = stubFetch({ 'GET /api/me': () => json({ message: 'Unauthorized' }, { status: 401 }) });
    await expect(api.request('/me', anything)).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
