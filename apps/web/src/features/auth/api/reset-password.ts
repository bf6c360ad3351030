import { useMutation } from '@tanstack/react-query';
import { authMessageSchema, type AuthMessage, type ResetPasswordRequest } from '@sas/domain';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: the token from the e-mailed link and the new password; 400 when the link is spent or expired. */
export function resetPassword(input: ResetPasswordRequest): Promise<AuthMessage> {
  return api.request('/auth/reset-password', authMessageSchema, { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
