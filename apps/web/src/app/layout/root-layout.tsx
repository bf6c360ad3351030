import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { lazyLayoutPart } from '@/components/lazy-part';
import { Banner } from './banner';
import { Header } from './header';
import { PageFrame, PageMain } from './page-frame';
import './layout.css';

// The footer is below every page's first screen: its code comes after the
// page's own, and until it is there the server's HTML of it stands (React
// hydrates it once it arrives), so it is no part of any page's first load.
const Footer = lazyLayoutPart(() => import('./footer').then((module) => module.Footer));

/** The public site's layout: its header, call banner and footer around every page but the console's. */
export function RootLayout() {
  const { search } = useLocation();
  // A marketing link (?promo=CODE) on any page carries its code into the
  // booking; only an address with one loads the code that keeps it.
  useEffect(() => {
    if (!new URLSearchParams(search).has('promo')) return;
    void import('@/lib/marketing-promo').then(({ rememberPromoFrom }) => rememberPromoFrom(search));
  }, [search]);
  return (
    <PageFrame>
      <Header />
      <Banner />
      <PageMain className="main" />
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </PageFrame>
  );
}
