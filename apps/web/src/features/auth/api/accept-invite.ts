import { loginResponseSchema, type AcceptInviteRequest, type LoginResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/accept-invite: the token from the e-mailed invitation and
 * the new password; answers like sign-in. 400 when the link is spent or
 * expired; 401 `totp_required` for an account that already has two-step sign-in.
 */
export function acceptInvite(input: AcceptInviteRequest): Promise<LoginResponse> {
  return api.request('/auth/accept-invite', loginResponseSchema, { method: 'POST', body: input });
}
