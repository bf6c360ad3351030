import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useRoutes, type RouteObject } from 'react-router';
import { HistoryRouter, navigateTo, type AppHistory } from './history-router';
import { AppProvider } from './provider';

/** The route tree's pages at the router's location. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

interface AppProps {
  history: AppHistory;
  routes: RouteObject[];
  queryClient: QueryClient;
}

/** The app in the browser (start.tsx, tests): providers around the router and its routes. */
export function App({ history, routes, queryClient }: AppProps) {
  const [navigate] = useState(
    () => (path: string, alongside?: () => void) => navigateTo(history, routes, path, alongside),
  );
  return (
    <AppProvider queryClient={queryClient} navigate={navigate}>
      <HistoryRouter history={history} routes={routes}>
        <AppRoutes routes={routes} />
      </HistoryRouter>
    </AppProvider>
  );
}
