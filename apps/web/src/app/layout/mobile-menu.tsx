import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { mobileBreakpointPx } from '@sas/domain';
import { NavLink } from '@/components/link';
import { primaryLinks, secondaryLinks } from './nav-links';

/**
 * The Menu button shown at 768px or narrower, and the slide-in menu it opens
 * (SPEC.md section 2). A native disclosure (`<details>`), so it opens and closes
 * from the server's HTML alone, before the app's code has arrived or without
 * it (issue 24): open, its summary becomes the panel's Close button, and the
 * page behind stops scrolling (CSS). The app adds what a person expects of a
 * menu: Escape closes it and puts focus back on the button, and following a
 * link, any other navigation, leaving the menu with Tab, a tap beside it or
 * widening the window past the breakpoint close it.
 */
export function MobileMenu() {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const location = useLocation();

  const close = useCallback((returnFocus = false) => {
    if (detailsRef.current?.open) detailsRef.current.open = false;
    if (returnFocus) summaryRef.current?.focus();
  }, []);

  // Any navigation closes the menu, including back/forward while it is open;
  // not the app's arrival, which must leave a menu opened before it open.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    close();
  }, [location.key, close]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(`(min-width: ${mobileBreakpointPx + 1}px)`);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) close();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [close]);

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key === 'Escape' && detailsRef.current?.open) {
      event.preventDefault();
      close(true);
    }
  }

  function onBlur(event: FocusEvent<HTMLDetailsElement>) {
    // Focus that leaves the menu would land on the page hidden behind it.
    if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
  }

  return (
    // The guest may open it before the app hydrates: `open` is then the browser's, not a mismatch.
    <details ref={detailsRef} className="mobile-menu" onKeyDown={onKeyDown} onBlur={onBlur} suppressHydrationWarning>
      <summary ref={summaryRef} className="header__menu-button mobile-menu__toggle">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="mobile-menu__when-closed">Menu</span>
        <span className="mobile-menu__when-open">Close</span>
      </summary>
      {/* A tap beside the panel closes it (with the app; without, the Close button does). */}
      <div className="mobile-menu__overlay" aria-hidden="true" onClick={() => close(true)} />
      <div className="mobile-menu__panel" data-testid="mobile-menu">
        <p className="mobile-menu__title">Menu</p>
        <nav aria-label="Mobile">
          <ul className="mobile-menu__links">
            {[...primaryLinks, ...secondaryLinks].map((link) => (
              <li key={link.to}>
                {/* Closing here too: following the link of the current page is not a navigation. */}
                <NavLink to={link.to} className="mobile-menu__link" onClick={() => close()}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </details>
  );
}
