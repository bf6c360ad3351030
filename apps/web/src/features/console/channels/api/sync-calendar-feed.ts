import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedSyncResultSchema, type FeedSyncResult } from '@sas/domain';
import { api } from '@/lib/api-client';
import { calendarQueryKey } from '../../shared/api/query-keys';
import { calendarFeedsQueryKey } from './get-calendar-feeds';

/**
 * POST /api/admin/calendar-feeds/{feedId}/sync: fetches the feed now and
 * answers what changed. A feed that could not be read answers 200 with
 * status "failed" and the reason; its earlier blocks stay.
 */
export function syncCalendarFeed(feedId: string): Promise<FeedSyncResult> {
  return api.request(`/admin/calendar-feeds/${encodeURIComponent(feedId)}/sync`, feedSyncResultSchema, {
    method: 'POST',
  });
}

export function useSyncCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncCalendarFeed,
    onSettled: () =>
      Promise.all([
        // Last success, last error and the counts changed, and so may the nights.
        queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey }),
        queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
      ]),
  });
}
