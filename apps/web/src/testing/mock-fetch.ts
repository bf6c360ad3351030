import { vi } from 'vitest';

export type MockHandler = (request: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/**
 * Replaces fetch at the network boundary. Handlers are keyed by
 * "METHOD /path" (query string ignored); the returned mock records every call.
 * An unmatched request answers 501 so a missing handler shows up as an error state.
 */
export function stubFetch(handlers: Record<string, MockHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : input.toString();
    const url = new URL(raw, window.location.origin);
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json({ message: `No mock for ${method} ${url.pathname}` }, { status: 501 });
    return handler({ url, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** URLs requested so far, for assertions on paths and query strings. */
export function requestedUrls(fetchMock: ReturnType<typeof stubFetch>): URL[] {
  return fetchMock.mock.calls.map(([input]) => {
    const raw = input instanceof Request ? input.url : input.toString();
    return new URL(raw, window.location.origin);
  });
}
