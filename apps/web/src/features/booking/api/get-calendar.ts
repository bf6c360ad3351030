import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarResponse } from '@sas/domain';
import { api, type Parser } from '@/lib/api-client';
import { loadQuoteSchema } from './get-quote';

/** Checked against the calendar's zod contract, which loads alongside the request (as the quote's does). */
const calendarResponse: Parser<CalendarResponse> = {
  parse: async (data) => (await loadQuoteSchema()).calendarResponseSchema.parse(data),
};

/**
 * GET /api/properties/{id}/calendar: taken nights and minimum stays from the
 * home's today for a year (the server's default window), the range the
 * booking panel lets a guest pick from.
 */
export function getCalendar(propertyId: string, signal?: AbortSignal): Promise<CalendarResponse> {
  void loadQuoteSchema().catch(() => undefined);
  return api.request(`/properties/${encodeURIComponent(propertyId)}/calendar`, calendarResponse, { signal });
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
