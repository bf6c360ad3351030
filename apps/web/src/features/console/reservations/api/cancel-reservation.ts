import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCancelResultSchema, type AdminCancelRequest, type AdminCancelResult } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

/**
 * POST /api/admin/reservations/{code}/cancel. The server keys the refund on
 * the booking, so a repeat (a double click, a retry after a lost answer) gets
 * the first answer and no second refund.
 */
export function cancelReservation({
  code,
  request,
}: {
  code: string;
  request: AdminCancelRequest;
}): Promise<AdminCancelResult> {
  return api.request(`/admin/reservations/${encodeURIComponent(code)}/cancel`, adminCancelResultSchema, {
    method: 'POST',
    body: request,
  });
}

export function useCancelReservation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminCancelRequest) => cancelReservation({ code, request }),
    // The booking, the list, the freed nights and the dashboard's figures all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleQueryKey }),
  });
}
