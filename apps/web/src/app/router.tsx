import { useEffect, useReducer, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { loadWithin } from '@/lib/load-chunk';
import { RootLayout } from './layout/root-layout';

/** What a page needs loaded before it is drawn: its queries, keyed as its components key them. */
export type Prefetch = (queryClient: QueryClient, args: { params: Params; url: URL }) => Promise<unknown>;

/** A lazy route module: its page, and for server-rendered pages what to fetch first. */
export interface RouteModule {
  Component: ComponentType;
  prefetch?: Prefetch;
}

/** A page whose code downloads on first visit (ADR 032). */
export interface LazyPage {
  /** Starts (or joins) the download; a failed one is tried again on the next call. */
  load: () => Promise<RouteModule>;
  loaded: () => boolean;
  /** The page once its code is there; until then the loading overlay, and the error boundary if it failed. */
  Page: ComponentType;
}

/**
 * A lazy page. Its code is loaded ahead of drawing it: by the router before
 * it moves to the page (history-router.tsx), before hydrating (start.tsx)
 * and on the server, so the page draws in the first pass, as the HTML shows
 * it. A page drawn before its code is there (a first visit to a page the
 * browser renders) shows the loading overlay and loads it. A download that
 * fails or takes over 120 s (loadWithin) throws to the layout's error boundary.
 */
export function lazyPage(importModule: () => Promise<RouteModule>): LazyPage {
  const importWithin = loadWithin(importModule);
  let module: RouteModule | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<RouteModule> | undefined;
  const load = () =>
    (pending ??= importWithin().then(
      (loaded) => {
        failure = undefined;
        return (module = loaded);
      },
      (error: unknown) => {
        pending = undefined;
        failure = { error };
        throw error;
      },
    ));
  function Page() {
    const [, arrived] = useReducer((count: number) => count + 1, 0);
    useEffect(() => {
      if (module === undefined) load().then(arrived, arrived);
    }, []);
    if (module !== undefined) return <module.Component />;
    if (failure !== undefined) throw failure.error;
    return <LoadingOverlay />;
  }
  return { load, loaded: () => module !== undefined, Page };
}

interface PageHandle {
  page: LazyPage;
}

/** A route rendered by a lazy page; the page is kept in `handle` for loading it ahead. */
function route(
  path: string | undefined,
  importModule: () => Promise<RouteModule>,
  children?: RouteObject[],
): RouteObject {
  const page = lazyPage(importModule);
  const handle: PageHandle = { page };
  const element = <page.Page />;
  if (path === undefined) return { index: true, element, handle };
  return children === undefined ? { path, element, handle } : { path, element, handle, children };
}

type PageLocation = string | { pathname: string };

function pagesAt(routes: RouteObject[], location: PageLocation) {
  return (matchRoutes(routes, location) ?? []).map((match) => ({
    params: match.params,
    page: (match.route.handle as PageHandle | undefined)?.page,
  }));
}

/** Whether the code of every page at `location` is loaded. */
export function pagesLoaded(routes: RouteObject[], location: PageLocation): boolean {
  return pagesAt(routes, location).every(({ page }) => page === undefined || page.loaded());
}

/** The pages at `location`, with their code loaded; rejects if a download fails. */
export async function loadPages(routes: RouteObject[], location: PageLocation) {
  const pages = pagesAt(routes, location);
  const modules = await Promise.all(pages.map(({ page }) => page?.load() ?? Promise.resolve(undefined)));
  return pages.map(({ params }, index) => ({ params, module: modules[index] }));
}

/** Every page is a lazy route (lazyPage) under the site's layout, which holds the pages' error boundary. */
export function createRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        route(undefined, () => import('./routes/home')),
        route('collections', () => import('./routes/collections')),
        route('collections/properties', () => import('./routes/collection-properties')),
        route('property/:idOrSlug', () => import('./routes/property')),
        route('search', () => import('./routes/search')),
        route('search/results', () => import('./routes/search')),
        route('null', () => import('./routes/null-redirect')),
        route('reservation', () => import('./routes/reservation')),
        route('reservations', () => import('./routes/reservations')),
        route('payment', () => import('./routes/payment')),
        route('booking-confirmation', () => import('./routes/booking-confirmation')),
        route('login', () => import('./routes/login')),
        route('signup', () => import('./routes/signup')),
        route('forgot-password', () => import('./routes/forgot-password')),
        route('reset-password', () => import('./routes/reset-password')),
        route('password-reset-success', () => import('./routes/password-reset-success')),
        route('oauth-redirect', () => import('./routes/oauth-redirect')),
        route('dashboard', () => import('./routes/dashboard')),
        route('accept-invite', () => import('./routes/accept-invite')),
        route('account/security', () => import('./routes/security')),
        route('trips', () => import('./routes/trips')),
        route('trips/:code', () => import('./routes/trip')),
        route('about-us', () => import('./routes/about')),
        route('about', () => import('./routes/about')),
        route('partnerwithus', () => import('./routes/partnerwithus')),
        route('concierge', () => import('./routes/concierge')),
        route('management', () => import('./routes/management')),
        route('policies', () => import('./routes/policies')),
        route('rental-agreement', () => import('./routes/rental-agreement')),
        // The console (issue 14, ADR 025): browser-rendered, its code only in these lazy chunks.
        route('admin', () => import('./routes/admin/layout'), [
          route(undefined, () => import('./routes/admin/dashboard')),
          route('calendar', () => import('./routes/admin/calendar')),
          route('reservations', () => import('./routes/admin/reservations')),
          route('reservations/:code', () => import('./routes/admin/reservation')),
          route('statements', () => import('./routes/admin/statements')),
          route('homes', () => import('./routes/admin/homes')),
          route('homes/:id', () => import('./routes/admin/home-edit')),
          route('inquiries', () => import('./routes/admin/inquiries')),
          route('concierge', () => import('./routes/admin/concierge')),
          route('reviews', () => import('./routes/admin/reviews')),
          route('accounts', () => import('./routes/admin/accounts')),
          route('audit', () => import('./routes/admin/audit')),
        ]),
        route('*', () => import('./routes/not-found')),
      ],
    },
  ];
}
