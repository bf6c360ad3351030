import { Suspense, type MouseEvent, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { lazyLayoutPart } from '@/components/lazy-part';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ErrorBoundary } from '../error-boundary';
import { useNavigationPending } from '../navigation-pending';
import './page-frame.css';

// The scroll on navigation draws nothing and has nothing to do before the
// first navigation (or a hash): its code comes after the page's own.
const ScrollToTarget = lazyLayoutPart(() => import('./scroll-to-target').then((module) => module.ScrollToTarget));

/** The id of every layout's main landmark: the skip link's target. */
const mainId = 'main';

/**
 * What every layout gives its pages, the site's (RootLayout) and the
 * console's alike: the skip link first, the scroll to the hash target or the
 * top on each navigation, and the loading overlay while the next page's code
 * downloads. The layout puts its PageMain where its pages go.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  const navigationPending = useNavigationPending();

  // A script-driven skip link: a plain "#main" href would become a route change.
  function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const main = document.getElementById(mainId);
    main?.focus();
    main?.scrollIntoView();
  }

  return (
    <>
      <a href={`#${mainId}`} className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      {children}
      <Suspense fallback={null}>
        <ScrollToTarget />
      </Suspense>
      {/* The next page's code is downloading. */}
      {navigationPending && <LoadingOverlay />}
    </>
  );
}

/**
 * The main landmark with the page in it. A page that fails, or whose code
 * fails to download, fails alone, until the next navigation (any new history
 * entry: a new search, another tab of the same page, the same link again).
 */
export function PageMain({ className }: { className: string }) {
  const { key } = useLocation();
  return (
    <main id={mainId} tabIndex={-1} className={className}>
      <ErrorBoundary resetKey={key}>
        <Outlet />
      </ErrorBoundary>
    </main>
  );
}

/**
 * A page tree with a layout of its own (the console, ADR 040): the frame,
 * and until that layout is drawn, a boundary of the same kind, so a layout
 * whose code fails to download also fails alone until the next navigation.
 */
export function OwnLayoutFrame() {
  const { key } = useLocation();
  return (
    <PageFrame>
      <ErrorBoundary resetKey={key} inMain>
        <Outlet />
      </ErrorBoundary>
    </PageFrame>
  );
}
