import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { UNSAFE_createMemoryHistory as createMemoryHistory, type InitialEntry } from 'react-router';
import { App } from '@/app';
import { createRoutes } from '@/app/router';
import { queryConfig } from '@/lib/query-client';

/**
 * Renders the whole app (layout, lazy routes, providers) at `url`, as a
 * visitor would open it. An entry object can carry navigation state, as a
 * link with `state` would. `history` is where the app is (and goes).
 */
export function renderApp(url: InitialEntry = '/') {
  // No retries: a failing request should show its error state at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } });
  const history = createMemoryHistory({ initialEntries: [url], v5Compat: true });
  const user = userEvent.setup();
  const view = render(<App history={history} routes={createRoutes()} queryClient={queryClient} />);
  return { ...view, user, history, queryClient };
}
