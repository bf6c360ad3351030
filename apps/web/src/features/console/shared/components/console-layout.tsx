import type { ReactNode } from 'react';
import { NavLink } from '@/components/link';
import { useSession } from '@/lib/session';
import { isConsoleRole, navFor } from '../roles';
import { useTotpSetupRedirect } from '../totp-setup-redirect';
import { NoAccess } from './no-access';
import '../console.css';

const roleNames = { owner: 'Owner', staff: 'Staff', admin: 'Administrator' } as const;

/**
 * The console's frame: its own navigation beside the page. A guest account
 * gets a clear refusal instead (the site's header and footer stay around it).
 * An account that must set up two-step sign-in first is sent to do so.
 */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  useTotpSetupRedirect();
  if (user === null || !isConsoleRole(user.role)) return <NoAccess />;
  const role = user.role;

  return (
    <div className="console" data-role={role}>
      <nav className="console__nav" aria-label="Console">
        <p className="console__who">
          <span className="console__who-name">
            {user.firstName} {user.lastName}
          </span>
          <span className="console__who-role">{roleNames[role]}</span>
        </p>
        <ul className="console__nav-list">
          {navFor(role).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end ?? false} className="console__nav-link">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console__page">{children}</div>
    </div>
  );
}
