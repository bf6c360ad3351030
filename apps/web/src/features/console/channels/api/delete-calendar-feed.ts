import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarQueryKey } from '../../shared/api/query-keys';
import { calendarFeedsQueryKey } from './get-calendar-feeds';

/** 204 has no body. */
const noContent = { parse: (): void => undefined };

/** DELETE /api/admin/calendar-feeds/{feedId}: the feed goes, and the blocks it imported with it. */
export function deleteCalendarFeed(feedId: string): Promise<void> {
  return api.request(`/admin/calendar-feeds/${encodeURIComponent(feedId)}`, noContent, { method: 'DELETE' });
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFeed,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey }),
        // Its nights are free now.
        queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
      ]),
  });
}
