import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminSearchResultSchema, type AdminSearchResult } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from './query-keys';

/** Fewer characters than this are not sent: one letter matches half the guests. */
export const minSearchLength = 2;

/** GET /api/admin/search?q= : a few bookings and homes (an owner's: theirs, no e-mail, last initial). */
export function searchConsole(q: string, signal?: AbortSignal): Promise<AdminSearchResult> {
  return api.request('/admin/search', adminSearchResultSchema, { query: { q }, signal });
}

export function consoleSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...consoleQueryKey, 'search', q],
    queryFn: ({ signal }) => searchConsole(q, signal),
    staleTime: 30_000,
  });
}

/** The search for `q` once it is long enough; the last answer stays while the next one loads. */
export function useConsoleSearch(q: string) {
  return useQuery({
    ...consoleSearchQueryOptions(q),
    enabled: q.length >= minSearchLength,
    placeholderData: keepPreviousData,
  });
}
