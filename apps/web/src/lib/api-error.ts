// The error every call to our API fails with (api-client.ts): the HTTP status and
// the server's message. Its own module, as the app's start checks it (the query
// client's retries) before the client itself has loaded.

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
