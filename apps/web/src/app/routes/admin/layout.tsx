import { PageMain } from '../../layout/page-frame';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ConsoleLayout } from '@/features/console/shared/components/console-layout';
import { RequireUser } from '../../require-user';

/**
 * The console at /admin (issue 14): rendered in the browser only (ADR 025),
 * for owners, staff and admins, in its own chrome rather than the public
 * site's (ADR 040); the router gives it the frame every layout has.
 * Anonymous visitors sign in first and come back here; a guest account is
 * told it has no access.
 */
export function Component() {
  const { logout } = useAuth();
  return (
    <RequireUser>
      <ConsoleLayout signOut={() => void logout()}>
        <PageMain className="console__page" />
      </ConsoleLayout>
    </RequireUser>
  );
}
