import { useLocation, type Location } from 'react-router';
import { Link } from '@/components/link';
import { companyName, companyPhone, companyPhoneHref, officeAddressParts } from '@sas/domain';
import { withReturnPath } from '@/features/auth/utils/redirect';
import { socialProfiles } from '@/features/content/data/links';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSession } from '@/lib/session';
import { loginPath } from '../require-user';

const footerLinks = [
  { to: '/search/results?category=all', label: 'Our Listings' },
  { to: '/concierge', label: 'Concierge' },
  { to: '/management', label: 'Management' },
  { to: '/about-us', label: 'About Us' },
] as const;

/** The account pages, which are no place to come back to after signing in. */
const accountPaths = new Set([
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/password-reset-success',
  '/oauth-redirect',
]);

/**
 * Sign in, then back to this page (SPEC.md section 2, /login: "returns to the
 * page the user came from, else /"), with its query and hash. From an account
 * page the link keeps whatever return that page already carries.
 */
function signInPath({ pathname, search, hash }: Location): string {
  if (accountPaths.has(pathname)) return withReturnPath('/login', search);
  if (pathname === '/' && search === '' && hash === '') return '/login';
  return loginPath(`${pathname}${search}${hash}`);
}

export function Footer() {
  const year = new Date().getFullYear();
  const location = useLocation();
  // The header's five links are fixed by SPEC.md, so the way into an account lives here.
  const { user } = useSession();
  const account =
    user === null ? { to: signInPath(location), label: 'Sign in' } : { to: '/dashboard', label: 'My account' };
  // Issue 14: the way into the console. The server's HTML never has a user, so
  // the link waits for hydration to keep the first render equal to it.
  const hydrated = useHydrated();
  const showConsole = hydrated && user !== null && user.role !== 'guest' && user.role !== 'cleaner';

  return (
    <footer className="footer">
      <div className="footer__grid page-container">
        <div className="footer__brand">
          <p className="footer__name">{companyName}</p>
          <address className="footer__address">
            {officeAddressParts.street}
            <br />
            {officeAddressParts.city}, {officeAddressParts.region} {officeAddressParts.postalCode}
            <br />
            <a href={companyPhoneHref}>{companyPhone}</a>
          </address>
        </div>
        <nav aria-label="Footer">
          <ul className="footer__links">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              {/* With the page's navigation state, as the /reservations guard does, for pages that need it on return. */}
              <Link to={account.to} state={user === null ? (location.state as unknown) : undefined}>
                {account.label}
              </Link>
            </li>
            {showConsole && (
              <li>
                <Link to="/admin">Console</Link>
              </li>
            )}
            {hydrated && user?.role === 'cleaner' && (
              <li>
                <Link to="/tasks">My tasks</Link>
              </li>
            )}
          </ul>
        </nav>
        <div>
          <p className="footer__heading" id="footer-social">
            Follow us
          </p>
          <ul className="footer__social" aria-labelledby="footer-social">
            {socialProfiles.map((link) => (
              <li key={link.name}>
                <a href={link.href} className="footer__social-link" aria-label={`${companyName} on ${link.name}`}>
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path d={link.icon} fill="currentColor" fillRule="evenodd" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="footer__copyright page-container">
        © {year} {companyName}. All rights reserved.
      </p>
    </footer>
  );
}
