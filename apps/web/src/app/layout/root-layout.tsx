import { Banner } from './banner';
import { Footer } from './footer';
import { Header } from './header';
import { PageFrame, PageMain } from './page-frame';
import './layout.css';

/** The public site's layout: its header, call banner and footer around every page but the console's. */
export function RootLayout() {
  return (
    <PageFrame>
      <Header />
      <Banner />
      <PageMain className="main" />
      <Footer />
    </PageFrame>
  );
}
