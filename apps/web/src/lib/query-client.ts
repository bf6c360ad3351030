import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-error';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer (e.g. 404 'Property not found') will not change on retry.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryConfig = {
  queries: {
    // Listings change a few times a day; a minute avoids refetching on every visit.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
