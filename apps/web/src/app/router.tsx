import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { loadWithin } from '@/lib/load-chunk';
import { RouteErrorBoundary } from './error-boundary';
import { RootLayout } from './layout/root-layout';

/** What a page needs loaded before it is drawn: its queries, keyed as its components key them. */
export type Prefetch = (
  queryClient: QueryClient,
  args: { params: LoaderFunctionArgs['params']; url: URL },
) => Promise<unknown>;

/** A lazy route module: its page, and for server-rendered pages what to fetch first. */
export interface RouteModule {
  Component: ComponentType;
  prefetch?: Prefetch;
  /** A loader of the page's own (a redirect decided before rendering, as /null's). */
  loader?: LoaderFunction;
}

export interface RouteOptions {
  queryClient: QueryClient;
  /**
   * On the server a page's prefetch is its loader, so the HTML carries its
   * data. In the browser pages fetch as they render, with their own loading
   * states, as before server rendering: the first page's data is already in
   * the cache (hydrated), and later navigations are not held up by a loader.
   */
  onServer: boolean;
}

function RootErrorBoundary() {
  // The layout itself failed, so the fallback brings its own main landmark.
  return (
    <main>
      <RouteErrorBoundary />
    </main>
  );
}

/**
 * Every page is a lazy route: its code downloads on first visit, and a download
 * that fails or takes over 120 s ends in the error boundary (loadWithin). A
 * module's `prefetch` becomes the route's loader on the server.
 */
export function createRoutes({ queryClient, onServer }: RouteOptions): RouteObject[] {
  const page = (load: () => Promise<RouteModule>): RouteObject['lazy'] => {
    const importWithin = loadWithin(load);
    return async () => {
      const { Component, prefetch, loader } = await importWithin();
      if (loader) return { Component, loader };
      if (!prefetch || !onServer) return { Component };
      return {
        Component,
        loader: async ({ params, request }: LoaderFunctionArgs) => {
          // A failed query shows its own error state in the page; the route itself never fails for it.
          await prefetch(queryClient, { params, url: new URL(request.url) }).catch(() => undefined);
          return null;
        },
      };
    };
  };

  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          // Pathless so failures and the first load render inside the layout.
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback: LoadingOverlay,
          children: [
            { index: true, lazy: page(() => import('./routes/home')) },
            { path: 'collections', lazy: page(() => import('./routes/collections')) },
            { path: 'collections/properties', lazy: page(() => import('./routes/collection-properties')) },
            { path: 'property/:idOrSlug', lazy: page(() => import('./routes/property')) },
            { path: 'search', lazy: page(() => import('./routes/search')) },
            { path: 'search/results', lazy: page(() => import('./routes/search')) },
            { path: 'null', lazy: page(() => import('./routes/null-redirect')) },
            { path: 'reservation', lazy: page(() => import('./routes/reservation')) },
            { path: 'reservations', lazy: page(() => import('./routes/reservations')) },
            { path: 'payment', lazy: page(() => import('./routes/payment')) },
            { path: 'booking-confirmation', lazy: page(() => import('./routes/booking-confirmation')) },
            { path: 'login', lazy: page(() => import('./routes/login')) },
            { path: 'signup', lazy: page(() => import('./routes/signup')) },
            { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password')) },
            { path: 'reset-password', lazy: page(() => import('./routes/reset-password')) },
            { path: 'password-reset-success', lazy: page(() => import('./routes/password-reset-success')) },
            { path: 'oauth-redirect', lazy: page(() => import('./routes/oauth-redirect')) },
            { path: 'dashboard', lazy: page(() => import('./routes/dashboard')) },
            { path: 'accept-invite', lazy: page(() => import('./routes/accept-invite')) },
            { path: 'account/security', lazy: page(() => import('./routes/security')) },
            { path: 'trips', lazy: page(() => import('./routes/trips')) },
            { path: 'trips/:code', lazy: page(() => import('./routes/trip')) },
            { path: 'about-us', lazy: page(() => import('./routes/about')) },
            { path: 'about', lazy: page(() => import('./routes/about')) },
            { path: 'partnerwithus', lazy: page(() => import('./routes/partnerwithus')) },
            { path: 'concierge', lazy: page(() => import('./routes/concierge')) },
            { path: 'management', lazy: page(() => import('./routes/management')) },
            { path: 'policies', lazy: page(() => import('./routes/policies')) },
            { path: 'rental-agreement', lazy: page(() => import('./routes/rental-agreement')) },
            {
              // The console (issue 14, ADR 025): browser-rendered, its code only in these lazy chunks.
              path: 'admin',
              lazy: page(() => import('./routes/admin/layout')),
              children: [
                { index: true, lazy: page(() => import('./routes/admin/dashboard')) },
                { path: 'calendar', lazy: page(() => import('./routes/admin/calendar')) },
                { path: 'reservations', lazy: page(() => import('./routes/admin/reservations')) },
                { path: 'reservations/:code', lazy: page(() => import('./routes/admin/reservation')) },
                { path: 'statements', lazy: page(() => import('./routes/admin/statements')) },
                { path: 'homes', lazy: page(() => import('./routes/admin/homes')) },
                { path: 'homes/:id', lazy: page(() => import('./routes/admin/home-edit')) },
                { path: 'inquiries', lazy: page(() => import('./routes/admin/inquiries')) },
                { path: 'concierge', lazy: page(() => import('./routes/admin/concierge')) },
                { path: 'reviews', lazy: page(() => import('./routes/admin/reviews')) },
                { path: 'accounts', lazy: page(() => import('./routes/admin/accounts')) },
                { path: 'audit', lazy: page(() => import('./routes/admin/audit')) },
              ],
            },
            { path: '*', lazy: page(() => import('./routes/not-found')) },
          ],
        },
      ],
    },
  ];
}
