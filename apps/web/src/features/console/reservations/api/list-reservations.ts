import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminReservationListSchema, type AdminReservationListItem, type AdminReservationQuery } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

export const reservationsQueryKey = [...consoleQueryKey, 'reservations'] as const;

/**
 * GET /api/admin/reservations?propertyId=&from=&to=&status=&q= : an owner's
 * answer has no e-mail and last names cut to their initial.
 */
export function listReservations(
  query: AdminReservationQuery,
  signal?: AbortSignal,
): Promise<AdminReservationListItem[]> {
  return api.request('/admin/reservations', adminReservationListSchema, { query: { ...query }, signal });
}

export function reservationsQueryOptions(query: AdminReservationQuery) {
  return queryOptions({
    queryKey: [...reservationsQueryKey, 'list', query],
    queryFn: ({ signal }) => listReservations(query, signal),
    staleTime: 0,
  });
}

export function useReservations(query: AdminReservationQuery) {
  // The last answer stays on screen while a changed filter loads.
  return useQuery({ ...reservationsQueryOptions(query), placeholderData: keepPreviousData });
}
