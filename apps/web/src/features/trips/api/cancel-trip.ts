import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tripCancelResponseSchema, type TripCancelResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * POST /api/trips/{code}/cancel. No body: the server works out the refund
 * itself, and keys it on the booking, so a repeat (a double click, a second
 * tab, a retry after a lost answer) gets the first answer and no second refund.
 */
export function cancelTrip(code: string, token: string | null): Promise<TripCancelResponse> {
  return api.request(`/trips/${encodeURIComponent(code)}/cancel`, tripCancelResponseSchema, {
    method: 'POST',
    query: { token },
  });
}

export function useCancelTrip(code: string, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelTrip(code, token),
    // The booking's page, the trips list and the account's stays (all under ['account']) change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
