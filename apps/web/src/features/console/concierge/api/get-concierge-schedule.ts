import { queryOptions, useQuery } from '@tanstack/react-query';
import { conciergeScheduleSchema, type ConciergeSchedule } from '@sas/domain';
import { api } from '@/lib/api-client';

export const conciergeScheduleQueryKey = ['console', 'concierge'] as const;

/** GET /api/admin/concierge?from=&days=: every paid service by day and time across homes. */
export function getConciergeSchedule(from: string, days: number, signal?: AbortSignal): Promise<ConciergeSchedule> {
  return api.request('/admin/concierge', conciergeScheduleSchema, { query: { from, days }, signal });
}

export function conciergeScheduleQueryOptions(from: string, days: number) {
  return queryOptions({
    queryKey: [...conciergeScheduleQueryKey, from, days],
    queryFn: ({ signal }) => getConciergeSchedule(from, days, signal),
    staleTime: 0,
  });
}

export function useConciergeSchedule(from: string, days: number) {
  return useQuery(conciergeScheduleQueryOptions(from, days));
}
