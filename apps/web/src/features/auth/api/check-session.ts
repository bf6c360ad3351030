import type { SessionUser } from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * The roles of userRoles in @sas/domain, spelled out: importing any value of
 * its auth module keeps that module's zod schemas, and so the zod runtime, in
 * the first download. `satisfies` keeps the two lists equal.
 */
const roles = { guest: true, owner: true, staff: true, admin: true, cleaner: true } satisfies Record<
  SessionUser['role'],
  true
>;

function isRole(value: unknown): value is SessionUser['role'] {
  return typeof value === 'string' && Object.hasOwn(roles, value);
}

/**
 * sessionUserSchema checked by hand: the session provider, and so this call,
 * is in the first download of every page, where the zod runtime would weigh
 * more than all of our own code (see api-client.ts).
 */
function parseSessionUser(value: unknown): SessionUser {
  if (typeof value === 'object' && value !== null) {
    const user = value as Record<string, unknown>;
    const texts = ['id', 'email', 'firstName', 'lastName'].every((key) => typeof user[key] === 'string');
    if (texts && isRole(user.role) && typeof user.isGuest === 'boolean') {
      const { id, email, firstName, lastName, isGuest } = user as unknown as SessionUser;
      return { id, email, firstName, lastName, role: user.role, isGuest };
    }
  }
  throw new TypeError('The session answer is not a user');
}

/** GET /api/check-session: the user the stored (or freshly refreshed) token belongs to. */
export function checkSession(signal?: AbortSignal): Promise<SessionUser> {
  return api.request('/check-session', { parse: parseSessionUser }, { signal });
}
