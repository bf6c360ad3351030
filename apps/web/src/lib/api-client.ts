// One fetch wrapper for every call to our API (SPEC.md sections 4, 6, 7 and 9):
// base path /api, JSON, a 10 s timeout, the bearer token from local storage,
// one token refresh after a 401 (shared by every request that fails meanwhile),
// errors that carry the HTTP status and the server's message, and one log line
// for every failure (SPEC.md section 8).
import { httpTimeoutMs, type ErrorBody } from '@sas/domain';
import { ApiError, isApiError } from './api-error';
import { browserTokenStore, type StoredTokens, type TokenStore } from './token-store';

// The error and the token store have modules of their own: the app's start
// needs them (the query client's retries, the session's stored token) while
// the client itself loads with a page's first request (ADR 048).
export { ApiError, isApiError, isNotFound } from './api-error';
export {
  browserTokenStore,
  refreshTokenStorageKey,
  tokenStorageKey,
  type StoredTokens,
  type TokenStore,
} from './token-store';

export const apiBasePath = '/api';
/**
 * Anything with a zod-like `parse`; keeps zod itself out of this module. It
 * may answer later, for a contract whose schema loads with its first request
 * (get-quote.ts).
 */
export interface Parser<T> {
  parse: (data: unknown) => T | PromiseLike<T>;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /**
   * Sends a JSON content type even without a body: SPEC.md's first e-mail
   * endpoint is called that way ("JSON content type, no body").
   */
  jsonContentType?: boolean;
  /** Cancellation from the caller (TanStack Query passes one). */
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  baseUrl: string;
  timeoutMs: number;
  tokens: TokenStore;
}

/** The refresh endpoint; every path under /auth/ answers for itself and is never refreshed for. */
export const refreshPath = '/auth/refresh';
const authPathPrefix = '/auth/';

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search === '' ? '' : `?${search}`}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** Status line text for failures without a JSON `message` (SPEC: 'HTTP {status}: {text}'). */
async function describeFailure(response: Response): Promise<string> {
  let text = response.statusText;
  if (text === '') {
    // HTTP/2 has no reason phrase; a short plain-text body is the next best thing.
    const body = (await response.text().catch(() => '')).trim();
    text = body.length > 0 && body.length <= 200 && !body.startsWith('<') ? body : 'Request failed';
  }
  return `HTTP ${response.status}: ${text}`;
}

/**
 * The error body contract (errorBodySchema in @sas/domain) checked by hand:
 * this module is in the first download of every page, and the zod runtime
 * would add more to it than all of our own code. Response bodies are parsed
 * with their zod schemas in the lazily loaded feature code instead.
 */
function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

async function toApiError(response: Response): Promise<ApiError> {
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (isJson) {
    try {
      const body = await readJson(response.clone());
      if (isErrorBody(body)) return new ApiError(response.status, body.message, { body });
    } catch {
      // Malformed JSON falls through to the status line.
    }
  }
  return new ApiError(response.status, await describeFailure(response));
}

/** Starts every failure line the client logs; the test setup recognises it by this. */
export const failureLogPrefix = 'API request failed:';

/**
 * SPEC.md section 8: request and response errors are logged, here and nowhere
 * else. Method, path (without its query string), status (0: no answer) and
 * message only: never headers (the bearer token), bodies (passwords, card
 * details, tokens) or the error's cause. A 4xx is the server's answer to this
 * request (not found, a broken rule, a declined card), which the page shows:
 * a warning. No answer, a 5xx or a body that breaks the contract is a fault:
 * an error.
 */
function logFailure(method: string, path: string, error: ApiError): void {
  const line = `${failureLogPrefix} ${method} ${path} -> ${error.status} ${error.message}`;
  if (error.status >= 400 && error.status < 500) console.warn(line);
  else console.error(line);
}

/** The refresh answer checked by hand, like isErrorBody: this module is in every first download. */
function isRefreshAnswer(value: unknown): value is StoredTokens {
  if (typeof value !== 'object' || value === null) return false;
  const { token, refreshToken } = value as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && (refreshToken === undefined || typeof refreshToken === 'string');
}

/**
 * How requests leave: the browser's fetch to its own origin; while a page is
 * rendered on the server (entry-server.tsx), the server's own in-process
 * handler. One for the whole process, so concurrent renders share it.
 */
const transport: { fetch: typeof fetch; origin: string } = {
  fetch: (...args) => fetch(...args),
  origin: '',
};

export function setServerTransport(serverFetch: typeof fetch, origin: string): void {
  transport.fetch = serverFetch;
  transport.origin = origin;
}

export function createApiClient(config: ApiClientConfig) {
  const { tokens } = config;
  const sessionEndListeners = new Set<() => void>();
  /** The refresh under way; every request that fails with a 401 meanwhile waits on it. */
  let refreshing: Promise<string | null> | null = null;

  async function send(url: string, init: RequestInit, token: string | null, signal: AbortSignal | undefined) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeoutMs);
    const forwardAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', forwardAbort);

    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await transport.fetch(`${transport.origin}${url}`, { ...init, headers, signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new ApiError(0, 'The request timed out. Please try again.');
      // A caller's cancellation stays an AbortError so TanStack Query recognises it.
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'Could not reach the server. Please check your connection.');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  /** Trades the refresh token for a new access token; null when that is not possible. */
  async function runRefresh(): Promise<string | null> {
    const refreshToken = tokens.getRefreshToken();
    if (refreshToken === null) return null;
    const logRefreshFailure = (error: ApiError) => logFailure('POST', refreshPath, error);
    let response: Response;
    try {
      response = await send(
        buildUrl(config.baseUrl, refreshPath, undefined),
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
        },
        null,
        undefined,
      );
    } catch (error) {
      // Offline or timed out: the tokens may still be good on the next try.
      if (isApiError(error)) logRefreshFailure(error);
      return null;
    }
    if (!response.ok) {
      logRefreshFailure(await toApiError(response));
      // The server refused the refresh token (expired, revoked, reused): the
      // session is over. A 429 or a 5xx says nothing about the token.
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        tokens.clear();
        for (const listener of [...sessionEndListeners]) listener();
      }
      return null;
    }
    const body = await readJson(response).catch(() => undefined);
    if (!isRefreshAnswer(body)) {
      logRefreshFailure(new ApiError(response.status, 'The server sent an unexpected response.'));
      return null;
    }
    tokens.save({ token: body.token, refreshToken: body.refreshToken });
    return body.token;
  }

  function refreshOnce(): Promise<string | null> {
    refreshing ??= runRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The token to retry with after `sentToken` got a 401, or null to give up. */
  async function renewedToken(sentToken: string | null): Promise<string | null> {
    const current = tokens.getToken();
    // A refresh finished while this request was under way: its token is new enough.
    if (current !== null && current !== sentToken) return current;
    return refreshOnce();
  }

  /** Sends a request and returns the JSON body, checked by `schema` (undefined for an empty body). */
  async function request<T>(path: string, schema: Parser<T>, options: RequestOptions = {}): Promise<T> {
    try {
      return await sendChecked(path, schema, options);
    } catch (error) {
      // A caller's cancellation (an AbortError, not an ApiError) is no failure.
      if (isApiError(error)) logFailure(options.method ?? 'GET', path, error);
      throw error;
    }
  }

  async function sendChecked<T>(path: string, schema: Parser<T>, options: RequestOptions): Promise<T> {
    const url = buildUrl(config.baseUrl, path, options.query);
    const init: RequestInit = { method: options.method ?? 'GET' };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    if (options.body !== undefined || options.jsonContentType) init.headers = { 'Content-Type': 'application/json' };

    const sentToken = tokens.getToken();
    let response = await send(url, init, sentToken, options.signal);
    if (response.status === 401 && !path.startsWith(authPathPrefix)) {
      const fresh = await renewedToken(sentToken);
      // SPEC.md section 9: a request is retried at most once after a 401. Without
      // a new token the original 401 is what the caller gets.
      if (fresh !== null) response = await send(url, init, fresh, options.signal);
    }
    return checkedBody(response, schema);
  }

  async function checkedBody<T>(response: Response, schema: Parser<T>): Promise<T> {
    if (!response.ok) throw await toApiError(response);
    try {
      return await schema.parse(await readJson(response));
    } catch (error) {
      // A body that is not the agreed contract is a server fault, not the user's.
      throw new ApiError(response.status, 'The server sent an unexpected response.', { cause: error });
    }
  }

  /**
   * A request that fetch cannot make (an upload reporting its progress through
   * XMLHttpRequest) with what `request` gives every call: the bearer token, one
   * shared refresh and retry after a 401, the server's message as an ApiError
   * and the failure logged. `transmit` sends to `url` with `token` and answers
   * the response as a Response (or throws an ApiError when none arrived).
   */
  async function requestWith<T>(
    method: NonNullable<RequestOptions['method']>,
    path: string,
    schema: Parser<T>,
    transmit: (url: string, token: string | null) => Promise<Response>,
  ): Promise<T> {
    const url = `${transport.origin}${buildUrl(config.baseUrl, path, undefined)}`;
    try {
      const sentToken = tokens.getToken();
      let response = await transmit(url, sentToken);
      if (response.status === 401) {
        const fresh = await renewedToken(sentToken);
        if (fresh !== null) response = await transmit(url, fresh);
      }
      return await checkedBody(response, schema);
    } catch (error) {
      if (isApiError(error)) logFailure(method, path, error);
      throw error;
    }
  }

  /**
   * Calls `listener` when the server refuses the refresh token and the stored
   * tokens are dropped, so the session provider can sign the user out.
   */
  function onSessionEnd(listener: () => void): () => void {
    sessionEndListeners.add(listener);
    return () => sessionEndListeners.delete(listener);
  }

  return { request, requestWith, onSessionEnd };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  baseUrl: apiBasePath,
  timeoutMs: httpTimeoutMs,
  tokens: browserTokenStore,
});
