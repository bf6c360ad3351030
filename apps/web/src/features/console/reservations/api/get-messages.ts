import { useQuery } from '@tanstack/react-query';
import { bookingMessageListSchema, type BookingMessage } from '@sas/domain';
import { api } from '@/lib/api-client';

/** GET /api/admin/reservations/{code}/messages: the booking's guest messages, sent and to come (issue 28). */
export function getReservationMessages(code: string, signal?: AbortSignal): Promise<BookingMessage[]> {
  return api.request(`/admin/reservations/${encodeURIComponent(code)}/messages`, bookingMessageListSchema, { signal });
}

export function useReservationMessages(code: string) {
  return useQuery({
    queryKey: ['console', 'reservations', code, 'messages'],
    queryFn: ({ signal }) => getReservationMessages(code, signal),
    staleTime: 0,
  });
}
