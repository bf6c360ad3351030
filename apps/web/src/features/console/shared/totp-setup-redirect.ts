import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { totpSetupRequiredCode } from '@sas/domain';
import { isApiError } from '@/lib/api-client';

/** Where a staff member without two-step sign-in is sent, and what that page tells them. */
export const securityPath = '/account/security';
export const totpSetupNotice =
  'The console needs two-step sign-in on your account. Set it up here, then go back to the console.';

/** A 403 from /api/admin that says the account must set up two-step sign-in first (STAFF_REQUIRE_2FA). */
export function isTotpSetupRequired(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  const body = error.body as { code?: unknown } | undefined;
  return body?.code === totpSetupRequiredCode;
}

/**
 * While the console is open, any query or mutation that the server refuses
 * for want of two-step sign-in sends the user to set it up, instead of every
 * screen showing the same error. One listener on the caches covers every
 * console call, present and future.
 */
export function useTotpSetupRedirect(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isTotpSetupRequired(error)) return;
      // Replace: Back would only bring the refusal again.
      void navigate(securityPath, { replace: true, state: { notice: totpSetupNotice } });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
}
