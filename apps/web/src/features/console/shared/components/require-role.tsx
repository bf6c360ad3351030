import type { ReactNode } from 'react';
import { useSession } from '@/lib/session';
import type { ConsoleRole } from '../roles';
import { NoAccess } from './no-access';

interface RequireRoleProps {
  roles: readonly ConsoleRole[];
  /** Named in the refusal: "You do not have access to {area}". */
  area?: string;
  children: ReactNode;
}

/**
 * Renders its children for the given roles only. It sits inside RequireUser,
 * so the user is known; the server enforces the same rule on every request,
 * this only spares a user a page of errors.
 */
export function RequireRole({ roles, area, children }: RequireRoleProps) {
  const { user } = useSession();
  if (user === null || !(roles as readonly string[]).includes(user.role)) return <NoAccess area={area} />;
  return children;
}
