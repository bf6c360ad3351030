import { queryOptions, useQuery } from '@tanstack/react-query';
import { totpStatusSchema, type TotpStatus } from '@sas/domain';
import { api } from '@/lib/api-client';
import { accountQueryKey } from './account-query-keys';

/** GET /api/auth/totp: whether two-step sign-in is on, and whether this account must have it. */
export function getTotpStatus(signal?: AbortSignal): Promise<TotpStatus> {
  return api.request('/auth/totp', totpStatusSchema, { signal });
}

export function totpStatusQueryOptions() {
  return queryOptions({
    queryKey: [...accountQueryKey, 'totp'],
    queryFn: ({ signal }) => getTotpStatus(signal),
    staleTime: 0,
  });
}

export function useTotpStatus() {
  return useQuery(totpStatusQueryOptions());
}
