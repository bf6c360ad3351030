import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { mobileBreakpointPx } from '@sas/domain';

// The dialog (Radix, focus trap, scroll lock) is about a tenth of the first
// download, yet most visitors never open the menu: fetch it on first intent.
const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.MobileMenuPanel })));

const panelId = 'mobile-menu';

/** The Menu button shown at 768px or narrower, and the slide-in menu it opens. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState(location.key);

  // Any navigation closes the menu, including back/forward while it is open.
  if (open && openedAt !== location.key) {
    setOpen(false);
  }

  // Widening the window past the breakpoint hides the Menu button; do not leave its panel open.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(`(min-width: ${mobileBreakpointPx + 1}px)`);
    const close = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [open]);

  function openMenu() {
    setOpenedAt(location.key);
    setOpen(true);
  }

  function preload() {
    void loadPanel();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="header__menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={openMenu}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel id={panelId} onClose={() => setOpen(false)} returnFocus={() => buttonRef.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
