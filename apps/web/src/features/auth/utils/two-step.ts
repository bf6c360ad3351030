// Where a freshly signed-in user goes: staff and admins whose two-step
// sign-in is compulsory (STAFF_REQUIRE_2FA) but not set up go to the
// security page first, since the console refuses them until they enrol; a
// cleaner goes to their tasks (issue 30) rather than the site's home page.
import { cleanerTasksPath, totpRequiredCode, type SessionUser } from '@sas/domain';
import { isApiError } from '@/lib/api-client';
import { getTotpStatus } from '../api/get-totp-status';

export const securityPath = '/account/security';

export function usesTwoStep(role: SessionUser['role']): boolean {
  return role === 'staff' || role === 'admin';
}

/** Whether the server asked for the authenticator code (a right password, no code). */
export function isTotpRequired(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 401) return false;
  const body = error.body as { code?: unknown } | undefined;
  return body?.code === totpRequiredCode;
}

export async function pathAfterSignIn(user: SessionUser, fallback: string): Promise<string> {
  if (user.role === 'cleaner') return fallback === '/' || fallback === '/dashboard' ? cleanerTasksPath : fallback;
  if (!usesTwoStep(user.role)) return fallback;
  try {
    const status = await getTotpStatus();
    return status.required && !status.enabled ? securityPath : fallback;
  } catch {
    // The console itself says what to do if this check could not be made.
    return fallback;
  }
}

/** Six digits, spaces allowed between groups (as authenticator apps show them). */
export function totpCodeError(value: string): string | undefined {
  const digits = value.replace(/\s+/g, '');
  if (digits === '') return 'Enter the 6-digit code from your authenticator app.';
  return /^\d{6}$/.test(digits) ? undefined : 'The code is the 6 digits your authenticator app shows.';
}
