import { queryOptions, useQuery } from '@tanstack/react-query';
import { tripListSchema, type TripSummary } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tripsQueryKey } from './trip-query-keys';

/** GET /api/trips: the signed-in guest's bookings, upcoming first (soonest first), then past ones. */
export function getTrips(signal?: AbortSignal): Promise<TripSummary[]> {
  return api.request('/trips', tripListSchema, { signal });
}

export function tripsQueryOptions() {
  return queryOptions({
    queryKey: [...tripsQueryKey, 'list'],
    queryFn: ({ signal }) => getTrips(signal),
    // A booking made or cancelled a moment ago must show when the guest opens the page.
    staleTime: 0,
  });
}

export function useTrips() {
  return useQuery(tripsQueryOptions());
}
