import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminCalendarExportRotatedSchema,
  type AdminCalendarExport,
  type AdminFeedList,
  type CalendarChannelName,
} from '@sas/domain';
import { api } from '@/lib/api-client';
import { calendarFeedsQueryOptions } from './get-calendar-feeds';

/**
 * POST /api/admin/properties/{id}/calendar-exports/{channel}/rotate: a new
 * secret export URL for the channel; the old one answers 404 from now on.
 */
export function rotateCalendarExport(homeId: string, channel: CalendarChannelName): Promise<AdminCalendarExport> {
  return api.request(
    `/admin/properties/${encodeURIComponent(homeId)}/calendar-exports/${encodeURIComponent(channel)}/rotate`,
    adminCalendarExportRotatedSchema,
    { method: 'POST' },
  );
}

export function useRotateCalendarExport(homeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: CalendarChannelName) => rotateCalendarExport(homeId, channel),
    // The old URL is dead: show the new one at once, without waiting for a reload.
    onSuccess: (rotated) =>
      queryClient.setQueryData<AdminFeedList>(calendarFeedsQueryOptions(homeId).queryKey, (old) =>
        old ? { ...old, exports: old.exports.map((item) => (item.channel === rotated.channel ? rotated : item)) } : old,
      ),
  });
}
