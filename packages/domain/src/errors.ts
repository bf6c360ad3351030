// The one error style (ADR 034): an error raised on purpose, by a pure rule
// here or by a server service, is a DomainError whose stable `code` says WHAT
// went wrong, never how to answer it. The server's error handler
// (apps/server/src/lib/http-errors.ts) holds the one map from code to HTTP
// status, and a client may branch on the code without parsing English text.
export type DomainErrorCode =
  // What went wrong, for any service ------------------------------------------
  /** The request is malformed, or names something that cannot be (an unknown home in a list, a photo listed twice). */
  | 'invalid'
  /** Nobody is signed in (or a route forgot its guard). */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this. */
  | 'forbidden'
  /** What the request is about does not exist, or is not the caller's to see. */
  | 'not_found'
  /** The current state of the thing refuses it (the last admin, an admin invited again). */
  | 'conflict'
  /** Larger than allowed (an upload). */
  | 'too_large'
  /** A kind of content that is not taken (a file that is not a photo we accept). */
  | 'unsupported_media'
  /** Well-formed, but a business rule refuses it (too late to cancel a service, too many pixels). */
  | 'rejected'
  /** A service we depend on failed and nothing was done (the payment provider); trying again may work. */
  | 'unavailable'
  // What a pure rule of this package found wrong -------------------------------
  | 'invalid_date'
  | 'invalid_date_range'
  | 'invalid_time_zone'
  | 'invalid_amount'
  | 'invalid_nights'
  | 'invalid_page_size'
  | 'unknown_add_on'
  | 'duplicate_add_on'
  | 'add_on_option_required'
  | 'invalid_add_on_option'
  | 'invalid_add_on_schedule';

export class DomainError extends Error {
  override readonly name: string = 'DomainError';
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
