import { queryOptions, useQuery } from '@tanstack/react-query';
import { tripDetailSchema, type TripDetail } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tripsQueryKey } from './trip-query-keys';

/**
 * GET /api/trips/{code}: the booking, for its signed-in guest (the client's
 * bearer token) or for whoever holds the e-mailed link's `token`, sent as a
 * query parameter so the client's own Authorization handling is untouched.
 * Anyone else gets 404.
 */
export function getTrip(code: string, token: string | null, signal?: AbortSignal): Promise<TripDetail> {
  return api.request(`/trips/${encodeURIComponent(code)}`, tripDetailSchema, { query: { token }, signal });
}

export function tripQueryOptions(code: string, token: string | null) {
  return queryOptions({
    queryKey: [...tripsQueryKey, 'detail', code, token],
    queryFn: ({ signal }) => getTrip(code, token, signal),
    // The refund on offer changes with time: always ask again when the page opens.
    staleTime: 0,
    // A 404 is the answer (unknown booking or expired link), not a hiccup to retry.
    retry: false,
  });
}

export function useTrip(code: string, token: string | null) {
  return useQuery(tripQueryOptions(code, token));
}
