import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { queryConfig } from '@/lib/query-client';

/**
 * Renders one section of the property page on its own, at `url` (the page's
 * query string matters to the booking frame), with a fresh query cache.
 */
export function renderSection(ui: ReactElement, { url = '/property/test-home' }: { url?: string } = {}) {
  // No retries: a failing request should show its error state at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { ...queryConfig.queries, retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}
