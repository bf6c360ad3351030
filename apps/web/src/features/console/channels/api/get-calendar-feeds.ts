import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFeedListSchema, type AdminFeedList } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

export const calendarFeedsQueryKey = [...consoleQueryKey, 'calendar-feeds'] as const;

/**
 * GET /api/admin/properties/{id}/calendar-feeds: the calendars imported into a
 * home, with how their last syncs went, and the export URL of each channel.
 */
export function getCalendarFeeds(homeId: string, signal?: AbortSignal): Promise<AdminFeedList> {
  return api.request(`/admin/properties/${encodeURIComponent(homeId)}/calendar-feeds`, adminFeedListSchema, {
    signal,
  });
}

export function calendarFeedsQueryOptions(homeId: string) {
  return queryOptions({
    queryKey: [...calendarFeedsQueryKey, homeId],
    queryFn: ({ signal }) => getCalendarFeeds(homeId, signal),
    // The worker syncs in the background: a failure a minute old must show.
    staleTime: 0,
  });
}

export function useCalendarFeeds(homeId: string) {
  return useQuery(calendarFeedsQueryOptions(homeId));
}
