// The staff API key (STAFF_API_KEY): a service token for scripts, sent as
// `Authorization: Bearer <key>` (ADR 007), that acts as staff under the
// console's rule where a route admits it (lib/console-guard.ts, ADR 041).
import { createHash, timingSafeEqual } from 'node:crypto';

export interface StaffDenial {
  statusCode: 401 | 403;
  message: string;
}

export const staffMessages = {
  disabled: 'Blocking dates is not enabled.',
  missing: 'Blocking dates needs the staff API key: send it as "Authorization: Bearer <key>".',
  invalid: 'The staff API key is not valid.',
} as const;

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
