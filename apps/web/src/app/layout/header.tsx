import { Link, NavLink } from '@/components/link';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { primaryLinks, secondaryLinks, type NavLinkItem } from './nav-links';

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
          <MobileMenu />
        </div>
      </nav>
    </header>
  );
}
