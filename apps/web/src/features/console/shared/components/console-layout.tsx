import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { companyName } from '@sas/domain';
import { Link, NavLink } from '@/components/link';
import { useSession } from '@/lib/session';
import { isConsoleRole, navFor } from '../roles';
import { useTotpSetupRedirect } from '../totp-setup-redirect';
import { ConsoleSearch } from './console-search';
import { NoAccess } from './no-access';
import { UserMenu } from './user-menu';
import '../console.css';

interface ConsoleLayoutProps {
  /** The main landmark with the page (the app's PageMain, handed down by the route). */
  children: ReactNode;
  /** Signs out (the auth feature's, handed down by the route). */
  signOut: () => void;
}

/**
 * The console's own chrome (ADR 040), instead of the public site's header,
 * call banner and footer: a compact bar with the company's name (to the
 * dashboard), the search and the user's menu, and the console's navigation
 * beside the page, folded behind a Menu button on a phone. A guest account
 * gets a clear refusal instead. An account that must set up two-step
 * sign-in first is sent to do so.
 */
export function ConsoleLayout({ children, signOut }: ConsoleLayoutProps) {
  const { user } = useSession();
  const { pathname } = useLocation();
  // Open on the page it was opened on: choosing a page folds it again.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const navListId = useId();
  useTotpSetupRedirect();
  if (user === null || !isConsoleRole(user.role)) {
    return (
      <main id="main" tabIndex={-1}>
        <NoAccess />
      </main>
    );
  }
  const role = user.role;
  const navOpen = navOpenOn === pathname;

  return (
    <div className="console" data-role={role}>
      <header className="console-bar">
        <Link to="/admin" className="console-bar__brand">
          {companyName} <span className="console-bar__tag">Console</span>
        </Link>
        <ConsoleSearch role={role} />
        <UserMenu user={user} role={role} signOut={signOut} />
      </header>
      <div className="console__body">
        <nav className="console__nav" aria-label="Console">
          <button
            type="button"
            className="console__nav-toggle button button--secondary button--small"
            aria-expanded={navOpen}
            aria-controls={navListId}
            onClick={() => setNavOpenOn(navOpen ? null : pathname)}
          >
            Menu
          </button>
          <ul id={navListId} className="console__nav-list" data-open={navOpen ? '' : undefined}>
            {navFor(role).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end ?? false} className="console__nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {children}
      </div>
    </div>
  );
}
