import type { MockHandler } from '@/testing/mock-fetch';
import { json } from '@/testing/mock-fetch';
import { createSessionUser } from '@/testing/auth-data';
import type { Role } from '../roles';

/**
 * Signs a console test in as `role`: a stored token and the check-session
 * answer, to spread into stubFetch's handlers beside the screen's own.
 */
export function consoleSession(
  role: Role,
  overrides: { firstName?: string; id?: string } = {},
): Record<string, MockHandler> {
  localStorage.setItem('token', 'access-1');
  const user = createSessionUser({ role, isGuest: role === 'guest', ...overrides });
  return { 'GET /api/check-session': () => json(user) };
}
