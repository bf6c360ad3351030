// The forms' checks, shown as text beside each field (the browser's own
// bubbles cannot be styled or reliably read out). The rules are those of the
// @sas/domain contracts the server parses the same values with.
import { forgotPasswordRequestSchema, passwordMaxLength, passwordMinLength } from '@sas/domain';
import { isApiError } from '@/lib/api-client';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const passwordsDoNotMatch = 'Passwords do not match';

export function emailError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter your email address.';
  if (!forgotPasswordRequestSchema.shape.email.safeParse(value).success) {
    return 'Enter an email address such as name@example.com.';
  }
  return undefined;
}

/** A new password: SPEC.md section 9, at least 8 characters. */
export function newPasswordError(value: string): string | undefined {
  if (value === '') return 'Enter a password.';
  if (value.length < passwordMinLength) return `Use at least ${passwordMinLength} characters.`;
  if (value.length > passwordMaxLength) return `Use at most ${passwordMaxLength} characters.`;
  return undefined;
}

export function confirmPasswordError(password: string, confirmation: string): string | undefined {
  if (confirmation === '') return 'Enter the password again.';
  return confirmation === password ? undefined : passwordsDoNotMatch;
}

export function requiredError(value: string, message: string): string | undefined {
  return value.trim() === '' ? message : undefined;
}

/** True when `errors` holds no message. */
export function isValid<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).every((message) => message === undefined);
}

/** Moves focus to the first field with an error, in form order, so its message is read out. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * The server's message for a refused request (wrong password, e-mail taken,
 * too many attempts, offline), else `fallback` (SPEC.md section 8: 'Login
 * failed', 'Registration failed'): a 5xx or an unexpected failure has nothing
 * the visitor can act on.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status < 500 && error.message.trim() !== '' ? error.message : fallback;
}
