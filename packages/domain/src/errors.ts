// Rule violations carry a stable `code` so the server can answer 4xx with a
// clear message and the browser can branch without parsing English text.
export type DomainErrorCode =
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
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
