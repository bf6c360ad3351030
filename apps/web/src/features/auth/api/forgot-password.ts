import { useMutation } from '@tanstack/react-query';
import { authMessageSchema, type AuthMessage, type ForgotPasswordRequest } from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/forgot-password: e-mails a single-use reset link when the
 * account exists, and answers the same message either way.
 */
export function requestPasswordReset(input: ForgotPasswordRequest): Promise<AuthMessage> {
  return api.request('/auth/forgot-password', authMessageSchema, { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
