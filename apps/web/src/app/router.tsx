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
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'signup', lazy: () => import('./routes/signup') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
          { path: 'reset-password', lazy: () => import('./routes/reset-password') },
          { path: 'password-reset-success', lazy: () => import('./routes/password-reset-success') },
          { path: 'oauth-redirect', lazy: () => import('./routes/oauth-redirect') },
          { path: 'dashboard', lazy: () => import('./routes/dashboard') },
          { path: 'about-us', lazy: () => import('./routes/about') },
          { path: 'about', lazy: () => import('./routes/about') },
          { path: 'partnerwithus', lazy: () => import('./routes/partnerwithus') },
          { path: 'concierge', lazy: () => import('./routes/concierge') },
          { path: 'management', lazy: () => import('./routes/management') },
          { path: 'policies', lazy: () => import('./routes/policies') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
