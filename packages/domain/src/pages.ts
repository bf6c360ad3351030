// The one list of the site's pages (STYLE.md "one of each", ADR 038). The
// browser's routes (apps/web/src/app/router.tsx), the server's rendering table
// and preload hints (apps/server/src/lib/vite-manifest.ts), the head titles and
// the sitemap (seo.ts) and the old addresses answered with a redirect are all
// derived from it: a page added here is routed, rendered, titled and listed.
import { collectionNames, collectionTitles } from './collection-names.js';

/**
 * A page's head, shared by the server's HTML and the browser's navigations.
 * Its description is in seo.ts (pageDescriptions, by address): the browser's
 * router reads this list on every page, and has no use for 2 kB of prose.
 */
export interface PageHead {
  /** Page name without the site name; '' for the home page. */
  title: string;
  /** Kept out of search results and the sitemap (sign-in and account pages). */
  noindex?: boolean;
}

/** What a page reads of its query (a URLSearchParams, in the browser and on the server). */
export interface PageQuery {
  has(name: string): boolean;
  get(name: string): string | null;
}

export interface SitePageRoute {
  /** The path as the router matches it: '/property/:idOrSlug'. Absolute, also for a child. */
  path: string;
  /** The route module that draws it: apps/web/src/app/routes/{module}.tsx. */
  module: string;
  /** Other addresses the same page answers without a redirect; its canonical address is `path`. */
  aliases?: readonly string[];
  /** Drawn on the server with its data (ADR 020); otherwise the server sends the shell and the browser draws it. */
  rendered?: boolean;
  /** Its head, and a line in the sitemap unless noindex. Without one a page keeps the shell's head or gets one from its data (a home). */
  head?: PageHead;
  /** Addresses of this page chosen by their query, each with a head of its own ('/collections/properties?collection=luxury'). */
  variants?: readonly (PageHead & { path: string })[];
  /** Everything at and under `path` belongs to one person or to the company: never indexed, titled so. */
  privateTitle?: string;
  /** Lazily loaded parts the page draws at once for a query (paths under apps/web/src): the server announces their code with the page's. */
  lazyParts?: (query: PageQuery) => readonly string[];
  /** Pages drawn inside this one's layout (the console). */
  children?: readonly SitePageRoute[];
  /**
   * Drawn in a layout of its own instead of the site's header, call banner
   * and footer (the console, ADR 040); the skip link, the page's error
   * boundary, the scroll on navigation and the loading overlay it keeps.
   */
  ownLayout?: boolean;
}

/**
 * Whether the query carries a stay value, in either of SPEC.md's spellings
 * (the home's search form sends checkIn, /null and the panel checkin), a
 * blank one counting as none: as the search page reads it.
 */
function hasStayValue(query: PageQuery, name: 'checkin' | 'checkout' | 'adults'): boolean {
  const spellings = { checkin: ['checkin', 'checkIn'], checkout: ['checkout', 'checkOut'], adults: ['adults'] };
  return spellings[name].some((key) => (query.get(key)?.trim() ?? '') !== '');
}

/**
 * Route modules in these folders of apps/web/src/app/routes are listed in a
 * chunk of their own (apps/web/src/app/private-routes.ts) that loads with the
 * first of their pages: the console and the pages behind sign-in are no
 * guest's first page, and their list of files weighed on every first load.
 */
export const privateRouteFolders = ['admin/', 'account/'] as const;

export function isPrivateRouteModule(module: string): boolean {
  return privateRouteFolders.some((folder) => module.startsWith(folder));
}

/** An account screen of SPEC.md section 2: browser-drawn, titled, never indexed. */
function accountPage(path: string, module: string, title: string): SitePageRoute {
  return { path, module, head: { title, noindex: true } };
}

/** Every page of the site, in the router's order of SPEC.md section 2. */
export const sitePageRoutes: readonly SitePageRoute[] = [
  { path: '/', module: 'home', rendered: true, head: { title: '' } },
  { path: '/collections', module: 'collections', rendered: true, head: { title: 'Collections' } },
  {
    path: '/collections/properties',
    module: 'collection-properties',
    rendered: true,
    variants: collectionNames.map((collection) => ({
      path: `/collections/properties?collection=${collection}`,
      title: collectionTitles[collection],
    })),
  },
  { path: '/property/:idOrSlug', module: 'property', rendered: true },
  {
    path: '/search',
    module: 'search',
    aliases: ['/search/results'],
    rendered: true,
    variants: [{ path: '/search/results?category=all', title: 'Our Listings' }],
    // As apps/web/src/app/routes/search.tsx picks its page: results for a stay ship with the route.
    lazyParts: (query) => {
      if (hasStayValue(query, 'checkin') && hasStayValue(query, 'checkout') && hasStayValue(query, 'adults')) return [];
      return query.get('category') === 'all'
        ? ['features/collections/components/all-listings.tsx']
        : ['app/routes/search-without-stay.tsx'];
    },
  },
  { path: '/null', module: 'null-redirect' },
  { path: '/reservation', module: 'reservation' },
  { path: '/reservations', module: 'reservations' },
  { path: '/payment', module: 'payment' },
  { path: '/booking-confirmation', module: 'booking-confirmation' },
  accountPage('/login', 'account/login', 'Login'),
  accountPage('/signup', 'account/signup', 'Sign up'),
  accountPage('/forgot-password', 'account/forgot-password', 'Forgot password'),
  accountPage('/reset-password', 'account/reset-password', 'Reset password'),
  accountPage('/password-reset-success', 'account/password-reset-success', 'Password reset'),
  { path: '/oauth-redirect', module: 'oauth-redirect' },
  accountPage('/dashboard', 'account/dashboard', 'My account'),
  accountPage('/accept-invite', 'account/accept-invite', 'Accept your invitation'),
  accountPage('/account/security', 'account/security', 'Sign-in security'),
  accountPage('/trips', 'account/trips', 'My trips'),
  // A cleaner's turnover tasks (issue 30): drawn in the browser after sign-in.
  accountPage('/tasks', 'account/tasks', 'My tasks'),
  { path: '/trips/:code', module: 'account/trip', privateTitle: 'Your booking' },
  // The verified review form (issue 28): opened from the thank-you e-mail's signed link.
  accountPage('/review', 'account/review', 'Review your stay'),
  { path: '/about-us', module: 'about', aliases: ['/about'], rendered: true, head: { title: 'About Us' } },
  { path: '/concierge', module: 'concierge', rendered: true, head: { title: 'Concierge & Hospitality' } },
  { path: '/management', module: 'management', rendered: true, head: { title: 'Management Solutions' } },
  { path: '/policies', module: 'policies', rendered: true, head: { title: 'Policies' } },
  { path: '/rental-agreement', module: 'rental-agreement', rendered: true, head: { title: 'Rental agreement' } },
  // The console (ADR 025): browser-drawn, its code only in these lazy chunks, in its own layout (ADR 040).
  {
    path: '/admin',
    module: 'admin/layout',
    privateTitle: 'Console',
    ownLayout: true,
    children: [
      { path: '/admin', module: 'admin/dashboard' },
      { path: '/admin/calendar', module: 'admin/calendar' },
      { path: '/admin/reservations', module: 'admin/reservations' },
      { path: '/admin/reservations/:code', module: 'admin/reservation' },
      { path: '/admin/statements', module: 'admin/statements' },
      { path: '/admin/reports', module: 'admin/reports' },
      { path: '/admin/homes', module: 'admin/homes' },
      { path: '/admin/homes/:id', module: 'admin/home-edit' },
      { path: '/admin/inquiries', module: 'admin/inquiries' },
      { path: '/admin/concierge', module: 'admin/concierge' },
      { path: '/admin/tasks', module: 'admin/tasks' },
      { path: '/admin/reviews', module: 'admin/reviews' },
      { path: '/admin/promotions', module: 'admin/promotions' },
      { path: '/admin/google', module: 'admin/google' },
      { path: '/admin/messages', module: 'admin/messages' },
      { path: '/admin/accounts', module: 'admin/accounts' },
      { path: '/admin/audit', module: 'admin/audit' },
    ],
  },
];

/** What any other address gets: the not-found page, with a 404 (issue 24). */
export const notFoundPageRoute: SitePageRoute = {
  path: '*',
  module: 'not-found',
  rendered: true,
  head: { title: 'Page not found', noindex: true },
};

/** Old addresses of a page that now lives elsewhere (SPEC.md section 2): a 301 on the server, a replace in the browser. */
export const pageRedirects: Readonly<Record<string, string>> = { '/partnerwithus': '/about-us' };

/** Every page and child page, parents first. */
export function allPageRoutes(): SitePageRoute[] {
  const all: SitePageRoute[] = [];
  const visit = (page: SitePageRoute) => {
    all.push(page);
    page.children?.forEach(visit);
  };
  sitePageRoutes.forEach(visit);
  return all;
}

/** '/collections/' is the same address as '/collections'. */
export function normalisePagePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

/** Whether `path` (no query) is `pattern`, whose ':name' segments match any one non-empty segment. */
export function pathMatches(pattern: string, path: string): boolean {
  const want = normalisePagePath(pattern).split('/');
  const got = normalisePagePath(path).split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]))
  );
}

/**
 * The deepest page drawn at `path` (no query), through its address or an
 * alias; null when only the not-found page is.
 */
export function findPageRoute(path: string): SitePageRoute | null {
  const matching = allPageRoutes().filter((page) =>
    [page.path, ...(page.aliases ?? [])].some((address) => pathMatches(address, path)),
  );
  return matching.at(-1) ?? null;
}
