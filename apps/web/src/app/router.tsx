import { useEffect, useReducer, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Navigate, useLocation, type Params, type RouteObject } from 'react-router';
import {
  isPrivateRouteModule,
  notFoundPageRoute,
  pageRedirects,
  sitePageRoutes,
  type SitePageRoute,
} from '@sas/domain';
import { LoadingOverlay } from '@/components/loading-overlay';
import { loadWithin } from '@/lib/load-chunk';
import { OwnLayoutFrame } from './layout/page-frame';
import { RootLayout } from './layout/root-layout';

/** What a page needs loaded before it is drawn: its queries, keyed as its components key them. */
export type Prefetch = (queryClient: QueryClient, args: { params: Params; url: URL }) => Promise<unknown>;

/** A lazy route module: its page, and for server-rendered pages what to fetch first. */
export interface RouteModule {
  Component: ComponentType;
  prefetch?: Prefetch;
  /**
   * The server renders the page from its prefetch but leaves the data out of
   * the HTML; the browser runs the same prefetch when the app starts, before
   * hydrating. For a page whose HTML must fit a phone's first round trip (ADR 048).
   */
  prefetchInBrowser?: boolean;
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

/**
 * The route modules of the site's public pages, by file: Vite turns this into
 * one lazy import per file, each its own chunk, as a hand-written import()
 * would. The console's and those behind sign-in come from a list of their own
 * (private-routes.ts).
 */
const routeModules = import.meta.glob<RouteModule>([
  './routes/**/*.tsx',
  '!./routes/**/*.test.tsx',
  '!./routes/admin/**',
  '!./routes/account/**',
]);

/** The lazy import of a page's route module; a page of the list without one is a mistake the tests catch. */
export function routeModuleImport(page: Pick<SitePageRoute, 'module'>): () => Promise<RouteModule> {
  const file = `./routes/${page.module}.tsx`;
  const missing = () => new Error(`The page list names a route module that does not exist: routes/${page.module}.tsx`);
  if (isPrivateRouteModule(page.module)) {
    return () =>
      import('./private-routes').then(({ privateRouteModules }) => {
        const load = privateRouteModules[file];
        if (load === undefined) throw missing();
        return load();
      });
  }
  const load = routeModules[file];
  if (load === undefined) throw missing();
  return load;
}

/** A route drawn by a lazy page; the page is kept in `handle` for loading it ahead. */
function route(page: SitePageRoute, path: string | undefined): RouteObject {
  const lazy = lazyPage(routeModuleImport(page));
  const handle: PageHandle = { page: lazy };
  const element = <lazy.Page />;
  const children = page.children?.map((child) =>
    route(child, child.path === page.path ? undefined : child.path.slice(page.path.length + 1)),
  );
  if (path === undefined) return { index: true, element, handle };
  return children === undefined ? { path, element, handle } : { path, element, handle, children };
}

/** An old address (pageRedirects): replaced in the history by the page's, query and hash kept. */
function RedirectTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
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

/**
 * Runs the prefetch of each page loaded by loadPages: on the server before
 * rendering, in the browser before hydrating a page that left its data out of
 * the HTML. A failed query shows its own error state in the page; the page
 * itself never fails for it.
 */
export async function prefetchPages(
  queryClient: QueryClient,
  pages: Awaited<ReturnType<typeof loadPages>>,
  url: URL,
): Promise<void> {
  await Promise.all(
    pages.map(
      ({ module, params }) =>
        module?.prefetch?.(queryClient, { params, url }).catch(() => undefined) ?? Promise.resolve(),
    ),
  );
}

/**
 * The site's routes, from the one list of pages (@sas/domain pages.ts): a
 * page with a layout of its own (the console) is a tree of its own, in the
 * frame every layout has; every other page a lazy route under the site's
 * layout, which holds the pages' error boundary, then the old addresses, then
 * the not-found page.
 */
export function createRoutes(): RouteObject[] {
  const pages = sitePageRoutes
    .filter((page) => page.ownLayout !== true)
    .flatMap((page) => [page, ...(page.aliases ?? []).map((alias) => ({ ...page, path: alias }))]);
  const ownLayouts = sitePageRoutes.filter((page) => page.ownLayout === true);
  return [
    ...ownLayouts.map((page) => ({ element: <OwnLayoutFrame />, children: [route(page, page.path)] })),
    {
      path: '/',
      element: <RootLayout />,
      children: [
        ...pages.map((page) => route(page, page.path === '/' ? undefined : page.path.slice(1))),
        ...Object.entries(pageRedirects).map(([from, to]) => ({
          path: from.slice(1),
          element: <RedirectTo to={to} />,
        })),
        route(notFoundPageRoute, '*'),
      ],
    },
  ];
}
