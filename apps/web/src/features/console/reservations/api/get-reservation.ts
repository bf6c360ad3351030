import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminReservationDetailSchema, type AdminReservationDetail } from '@sas/domain';
import { api } from '@/lib/api-client';
import { reservationsQueryKey } from './list-reservations';

/** GET /api/admin/reservations/{code}: the booking with its money, e-mails and notes. */
export function getReservation(code: string, signal?: AbortSignal): Promise<AdminReservationDetail> {
  return api.request(`/admin/reservations/${encodeURIComponent(code)}`, adminReservationDetailSchema, { signal });
}

export function reservationQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...reservationsQueryKey, 'detail', code],
    queryFn: ({ signal }) => getReservation(code, signal),
    staleTime: 0,
  });
}

export function useReservation(code: string) {
  return useQuery(reservationQueryOptions(code));
}
