import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { rememberPromoFrom } from '@/lib/marketing-promo';
import { Banner } from './banner';
import { Footer } from './footer';
import { Header } from './header';
import { PageFrame, PageMain } from './page-frame';
import './layout.css';

/** The public site's layout: its header, call banner and footer around every page but the console's. */
export function RootLayout() {
  const { search } = useLocation();
  // A marketing link (?promo=CODE) on any page carries its code into the booking.
  useEffect(() => rememberPromoFrom(search), [search]);
  return (
    <PageFrame>
      <Header />
      <Banner />
      <PageMain className="main" />
      <Footer />
    </PageFrame>
  );
}
