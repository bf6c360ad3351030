import { Link } from 'react-router';
import { companyName, companyPhone, companyPhoneHref, officeAddressParts } from '@sas/domain';
import { socialProfiles } from '@/features/content/data/links';
import { useSession } from '@/lib/session';

const footerLinks = [
  { to: '/search/results?category=all', label: 'Our Listings' },
  { to: '/concierge', label: 'Concierge' },
  { to: '/management', label: 'Management' },
  { to: '/about-us', label: 'About Us' },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  // The header's five links are fixed by SPEC.md, so the way into an account lives here.
  const { user } = useSession();
  const account = user === null ? { to: '/login', label: 'Sign in' } : { to: '/dashboard', label: 'My account' };

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
              <Link to={account.to}>{account.label}</Link>
            </li>
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
