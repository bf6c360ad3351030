import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { queryConfig } from '@/lib/query-client';

/**
 * Renders the whole app (layout, lazy routes, providers) at `url`, as a
 * visitor would open it. An entry object can carry navigation state, as a
 * link with `state` would.
 */
export function renderApp(url: InitialEntry = '/') {
  // No retries: a failing request should show its error state at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } });
  const router = createMemoryRouter(createRoutes({ queryClient, onServer: false }), { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient} navigate={(path) => router.navigate(path)}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}
