import { useMutation, useQueryClient } from '@tanstack/react-query';
import { totpStatusSchema, type TotpCodeRequest, type TotpStatus } from '@sas/domain';
import { api } from '@/lib/api-client';
import { totpStatusQueryOptions } from './get-totp-status';

/** POST /api/auth/totp/enable or /disable with a current code; 400 for a wrong one. */
export function changeTotp(action: 'enable' | 'disable', input: TotpCodeRequest): Promise<TotpStatus> {
  return api.request(`/auth/totp/${action}`, totpStatusSchema, { method: 'POST', body: input });
}

export function useChangeTotp(action: 'enable' | 'disable') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TotpCodeRequest) => changeTotp(action, input),
    onSuccess: (status) => queryClient.setQueryData(totpStatusQueryOptions().queryKey, status),
  });
}
