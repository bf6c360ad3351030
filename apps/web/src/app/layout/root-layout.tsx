import { type MouseEvent, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ErrorBoundary } from '../error-boundary';
import { useNavigationPending } from '../navigation-pending';
import { Banner } from './banner';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTarget } from './scroll-to-target';
import './layout.css';

export function RootLayout() {
  const navigationPending = useNavigationPending();
  const { key } = useLocation();
  const mainRef = useRef<HTMLElement>(null);

  // A script-driven skip link: a plain "#main" href would become a route change.
  function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView();
  }

  return (
    <>
      <a href="#main" className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <Header />
      <Banner />
      <main id="main" ref={mainRef} tabIndex={-1} className="main">
        {/* A page that fails, or whose code fails to download, fails alone, until the next navigation
            (any new history entry: a new search, another tab of the same page, the same link again). */}
        <ErrorBoundary resetKey={key}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
      <ScrollToTarget />
      {/* The next page's code is downloading. */}
      {navigationPending && <LoadingOverlay />}
    </>
  );
}
