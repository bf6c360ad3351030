import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFeedSchema, type AdminFeed, type AdminFeedRequest } from '@sas/domain';
import { api } from '@/lib/api-client';
import { calendarFeedsQueryKey } from './get-calendar-feeds';

/**
 * POST /api/admin/properties/{id}/calendar-feeds `{ name, url, channel }`: 201
 * with the feed. A URL the server will not fetch (plain http, a private
 * address) answers 400 with the reason, which the form shows as sent.
 */
export function addCalendarFeed(homeId: string, feed: AdminFeedRequest): Promise<AdminFeed> {
  return api.request(`/admin/properties/${encodeURIComponent(homeId)}/calendar-feeds`, adminFeedSchema, {
    method: 'POST',
    body: feed,
  });
}

export function useAddCalendarFeed(homeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feed: AdminFeedRequest) => addCalendarFeed(homeId, feed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey }),
  });
}
