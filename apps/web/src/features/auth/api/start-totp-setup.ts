import { useMutation } from '@tanstack/react-query';
import { totpSetupResponseSchema, type TotpSetupResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

/** POST /api/auth/totp/setup: a new pending secret, its otpauth URL and its QR code (SVG). */
export function startTotpSetup(): Promise<TotpSetupResponse> {
  return api.request('/auth/totp/setup', totpSetupResponseSchema, { method: 'POST', body: {} });
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: startTotpSetup });
}
