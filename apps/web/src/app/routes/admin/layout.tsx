import { Outlet } from 'react-router';
import { ConsoleLayout } from '@/features/console/shared/components/console-layout';
import { RequireUser } from '../../require-user';

/**
 * The console at /admin (issue 14): rendered in the browser only (ADR 025),
 * for owners, staff and admins. Anonymous visitors sign in first and come
 * back here; a guest account is told it has no access.
 */
export function Component() {
  return (
    <RequireUser>
      <ConsoleLayout>
        <Outlet />
      </ConsoleLayout>
    </RequireUser>
  );
}
