import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCalendarSchema, type AdminCalendar, type AdminCalendarQuery } from '@sas/domain';
import { api } from '@/lib/api-client';
import { calendarQueryKey } from '../../shared/api/query-keys';

/**
 * GET /api/admin/calendar?from=&to=[&propertyId=]: every taken night sharing
 * [from, to) of one home, or of every home the user may see.
 */
export function getCalendar(query: AdminCalendarQuery, signal?: AbortSignal): Promise<AdminCalendar> {
  return api.request('/admin/calendar', adminCalendarSchema, { query: { ...query }, signal });
}

export function calendarQueryOptions(query: AdminCalendarQuery) {
  return queryOptions({
    queryKey: [...calendarQueryKey, query],
    queryFn: ({ signal }) => getCalendar(query, signal),
    // Staff watch nights fill up; a booking made a minute ago must show.
    staleTime: 0,
  });
}

export function useCalendar(query: AdminCalendarQuery, enabled = true) {
  // The previous month stays drawn while the next one loads.
  return useQuery({ ...calendarQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
