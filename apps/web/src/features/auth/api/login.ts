import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/login. 401 'Invalid email or password' for wrong
 * credentials (never saying which), 429 when sign-ins are rate limited.
 * Loaded on demand by the session provider: it carries the zod runtime.
 */
export function loginWithPassword(credentials: LoginRequest): Promise<LoginResponse> {
  return api.request('/auth/login', loginResponseSchema, { method: 'POST', body: credentials });
}
