import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarResponseSchema, type CalendarResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * GET /api/properties/{id}/calendar: taken nights and minimum stays from the
 * home's today for a year (the server's default window), the range the
 * booking panel lets a guest pick from.
 */
export function getCalendar(propertyId: string, signal?: AbortSignal): Promise<CalendarResponse> {
  return api.request(`/properties/${encodeURIComponent(propertyId)}/calendar`, calendarResponseSchema, { signal });
}

export function calendarQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: ['property-calendar', propertyId],
    queryFn: ({ signal }) => getCalendar(propertyId, signal),
  });
}

export function useCalendar(propertyId: string) {
  return useQuery(calendarQueryOptions(propertyId));
}
