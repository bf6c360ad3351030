import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminResendConfirmationSchema } from '@sas/domain';
import { api } from '@/lib/api-client';
import { reservationQueryOptions } from './get-reservation';

/** POST /api/admin/reservations/{code}/resend-confirmation: 202, the e-mail queued to the guest. */
export function resendConfirmation(code: string): Promise<{ queued: true; to: string }> {
  return api.request(
    `/admin/reservations/${encodeURIComponent(code)}/resend-confirmation`,
    adminResendConfirmationSchema,
    { method: 'POST' },
  );
}

export function useResendConfirmation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendConfirmation(code),
    // The queued e-mail joins the list of e-mails sent.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationQueryOptions(code).queryKey }),
  });
}
