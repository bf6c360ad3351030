import { useSession, type SessionUser } from '@/lib/session';
import type { ConsoleRole } from './roles';

export type ConsoleUser = SessionUser & { role: ConsoleRole };

/**
 * The signed-in console user. Only for components under the console layout,
 * which renders nothing for anyone else, so a missing user here is a bug.
 */
export function useConsoleUser(): ConsoleUser {
  const { user } = useSession();
  if (user === null || user.role === 'guest' || user.role === 'cleaner')
    throw new Error('useConsoleUser is for the console layout only');
  return user as ConsoleUser;
}
