// One fetch wrapper for every call to our API (SPEC.md sections 6, 7 and 9):
// base path /api, JSON, a 10 s timeout, the bearer token from local storage,
// and errors that carry the HTTP status and the server's message.
import { httpTimeoutMs, type ErrorBody } from '@sas/domain';

export const apiBasePath = '/api';
export const tokenStorageKey = 'token';

/** Anything with a zod-like `parse`; keeps zod itself out of this module. */
export interface Parser<T> {
  parse: (data: unknown) => T;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (timeout, offline). */
  readonly status: number;
  /**
   * The JSON error body as sent, for answers that carry more than a message
   * (e.g. a 409 price change with the server's `amount`); undefined otherwise.
   */
  readonly body: unknown;

  constructor(status: number, message: string, options?: ErrorOptions & { body?: unknown }) {
    super(message, options);
    this.status = status;
    this.body = options?.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
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
  getToken: () => string | null;
  /**
   * Seam for the token-refresh issue (SPEC.md section 4): called once after a
   * 401 and expected to resolve to a fresh access token, or null when the
   * session cannot be renewed. The auth feature will supply it, including the
   * single in-flight refresh that queued requests wait on. Until then it is
   * absent and a 401 reaches the caller unchanged.
   */
  refreshToken?: () => Promise<string | null>;
}

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(tokenStorageKey);
  } catch {
    // Storage can be disabled (privacy modes); browsing works without a session.
    return null;
  }
}

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

export function createApiClient(config: ApiClientConfig) {
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
      return await fetch(url, { ...init, headers, signal: controller.signal });
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

  /** Sends a request and returns the JSON body, checked by `schema` (undefined for an empty body). */
  async function request<T>(path: string, schema: Parser<T>, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(config.baseUrl, path, options.query);
    const init: RequestInit = { method: options.method ?? 'GET' };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    if (options.body !== undefined || options.jsonContentType) init.headers = { 'Content-Type': 'application/json' };

    let response = await send(url, init, config.getToken(), options.signal);
    if (response.status === 401 && config.refreshToken) {
      const fresh = await config.refreshToken();
      // SPEC.md section 9: a request is retried at most once after a 401.
      if (fresh !== null) response = await send(url, init, fresh, options.signal);
    }
    if (!response.ok) throw await toApiError(response);

    try {
      return schema.parse(await readJson(response));
    } catch (error) {
      // A body that is not the agreed contract is a server fault, not the user's.
      throw new ApiError(response.status, 'The server sent an unexpected response.', { cause: error });
    }
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  baseUrl: apiBasePath,
  timeoutMs: httpTimeoutMs,
  getToken: readStoredToken,
});
