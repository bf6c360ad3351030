/**
 * Every query of the signed-in user's own data starts with this key, so
 * signing out or in as someone else drops all of it at once. Kept apart from
 * the queries themselves: the session provider needs the key, not their zod schemas.
 */
export const accountQueryKey = ['account'] as const;
