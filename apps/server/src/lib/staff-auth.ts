// Staff-only endpoints: a staff or admin account's access token (ADR 012),
// or the API key from the environment (STAFF_API_KEY) for scripts, sent as
// `Authorization: Bearer <key>` (ADR 007).
import { createHash, timingSafeEqual } from 'node:crypto';
import { forbiddenMessage, sessionExpiredMessage, type UserRole } from '@sas/domain';

export interface StaffDenial {
  statusCode: 401 | 403;
  message: string;
}

export const staffMessages = {
  disabled: 'Blocking dates is not enabled.',
  missing: 'Blocking dates needs the staff API key: send it as "Authorization: Bearer <key>".',
  invalid: 'The staff API key is not valid.',
  forbidden: forbiddenMessage,
  expired: sessionExpiredMessage,
} as const;

/** Roles that may do what the staff API key allows. */
export const staffRoles: readonly UserRole[] = ['staff', 'admin'];

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Null when the request carries the configured key, else why not. Digests
 * have a fixed length, so timingSafeEqual compares them in constant time and
 * the key's length does not leak either.
 */
export function checkStaffKey(
  configuredKey: string | undefined,
  authorization: string | undefined,
): StaffDenial | null {
  if (configuredKey === undefined) return { statusCode: 403, message: staffMessages.disabled };
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
  const presented = match?.[1];
  if (presented === undefined) return { statusCode: 401, message: staffMessages.missing };
  if (!timingSafeEqual(digest(presented), digest(configuredKey))) {
    return { statusCode: 401, message: staffMessages.invalid };
  }
  return null;
}

/**
 * Null when the caller is a signed-in staff member or admin, or carries the
 * staff API key; else why not. A signed-in guest or owner gets 403; an
 * expired or forged access token 401, so the browser refreshes and retries.
 */
export function checkStaffAccess(
  configuredKey: string | undefined,
  authorization: string | undefined,
  auth: { role: UserRole } | null,
  authFailure: 'expired' | 'invalid' | null,
): StaffDenial | null {
  if (auth) return staffRoles.includes(auth.role) ? null : { statusCode: 403, message: staffMessages.forbidden };
  if (authFailure) return { statusCode: 401, message: staffMessages.expired };
  return checkStaffKey(configuredKey, authorization);
}
