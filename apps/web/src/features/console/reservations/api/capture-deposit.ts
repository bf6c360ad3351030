import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositCaptureResponseSchema, type DepositCaptureBody, type DepositCaptureResponse } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

/**
 * POST /api/admin/reservations/{code}/deposit/capture: part or all of the
 * held deposit, in dollars, for a listed penalty or damage (with a note); the
 * rest is released. Once captured, a repeat answers 409 and captures nothing.
 */
export function captureDeposit({
  code,
  request,
}: {
  code: string;
  request: DepositCaptureBody;
}): Promise<DepositCaptureResponse> {
  return api.request(`/admin/reservations/${encodeURIComponent(code)}/deposit/capture`, depositCaptureResponseSchema, {
    method: 'POST',
    body: request,
  });
}

export function useCaptureDeposit(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DepositCaptureBody) => captureDeposit({ code, request }),
    // The reservation's deposit, payments and e-mails change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleQueryKey }),
  });
}
