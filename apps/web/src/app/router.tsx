import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { RouteErrorBoundary } from './error-boundary';
import { RootLayout } from './layout/root-layout';

function RootErrorBoundary() {
  // The layout itself failed, so the fallback brings its own main landmark.
  return (
    <main>
      <RouteErrorBoundary />
    </main>
  );
}

/**
 * Every page is a lazy route: its code downloads on first visit. Route modules
 * export `Component` (and may add `loader` or `ErrorBoundary` later).
 */
export const routes: RouteObject[] = [
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
          { index: true, lazy: () => import('./routes/home') },
          { path: 'collections', lazy: () => import('./routes/collections') },
          { path: 'collections/properties', lazy: () => import('./routes/collection-properties') },
          { path: 'property/:idOrSlug', lazy: () => import('./routes/property') },
          { path: 'search', lazy: () => import('./routes/search') },
          { path: 'search/results', lazy: () => import('./routes/search') },
          { path: 'null', lazy: () => import('./routes/null-redirect') },
          { path: 'reservation', lazy: () => import('./routes/reservation') },
          { path: 'reservations', lazy: () => import('./routes/reservations') },
          { path: 'payment', lazy: () => import('./routes/payment') },
          { path: 'booking-confirmation', lazy: () => import('./routes/booking-confirmation') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
