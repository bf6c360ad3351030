import { Suspense } from 'react';
import { lazyLayoutPart } from '@/components/lazy-part';
import { Link, NavLink } from '@/components/link';
import { Logo } from './logo';
import { primaryLinks, secondaryLinks, type NavLinkItem } from './nav-links';

// The Menu works from the server's HTML alone (a <details>). Its code, what a
// person expects of a menu beyond opening (closing on Escape, on a link, on
// a tap beside it), comes after the page's own, and until it is there the
// server's HTML of it stands: no part of any page's first load (ADR 048).
const MobileMenu = lazyLayoutPart(() => import('./mobile-menu').then((module) => module.MobileMenu));

function LinkList({ links, className }: { links: readonly NavLinkItem[]; className: string }) {
  return (
    <ul className={`header__links ${className}`}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className="header__link">
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Header() {
  return (
    <header className="header">
      <nav className="header__bar page-container" aria-label="Main">
        <LinkList links={primaryLinks} className="header__links--left" />
        <Link to="/" className="header__logo" aria-label="Summit & Shore home">
          <Logo />
        </Link>
        <LinkList links={secondaryLinks} className="header__links--right" />
        <div className="header__mobile">
          <Suspense fallback={null}>
            <MobileMenu />
          </Suspense>
        </div>
      </nav>
    </header>
  );
}
