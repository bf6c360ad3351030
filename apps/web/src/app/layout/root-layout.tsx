import { type MouseEvent, useRef } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { Banner } from './banner';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTarget } from './scroll-to-target';
import './layout.css';

export function RootLayout() {
  const navigation = useNavigation();
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
        <Outlet />
      </main>
      <Footer />
      <ScrollToTarget />
      {/* Lazy routes download their code before they render. */}
      {navigation.state === 'loading' && <LoadingOverlay />}
    </>
  );
}
