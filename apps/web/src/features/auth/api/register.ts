import { registerResponseSchema, type RegisterRequest, type RegisterResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/register with the sign-up form's values; 201 signs the new
 * guest in, 409 when the e-mail already has an account. Loaded on demand by
 * the session provider, like login.ts.
 */
export function registerAccount(input: RegisterRequest): Promise<RegisterResponse> {
  return api.request('/auth/register', registerResponseSchema, { method: 'POST', body: input });
}
