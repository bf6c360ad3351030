import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGoogleSchema, adminGoogleTokenSchema, type AdminGoogle, type AdminGoogleToken } from '@sas/domain';
import { api } from '@/lib/api-client';

export const googleQueryKey = ['admin', 'google'] as const;

/** GET /api/admin/google: the feed URL, each home's eligibility and pushes, the twin's last run. */
export function getGoogle(signal?: AbortSignal): Promise<AdminGoogle> {
  return api.request('/admin/google', adminGoogleSchema, { signal });
}

export function googleQueryOptions() {
  return queryOptions({ queryKey: googleQueryKey, queryFn: ({ signal }) => getGoogle(signal), staleTime: 0 });
}

export function useGoogle() {
  return useQuery(googleQueryOptions());
}

/** POST /api/admin/google/token: a new feed token; the old URL stops working. */
export function useRotateFeedToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AdminGoogleToken> =>
      api.request('/admin/google/token', adminGoogleTokenSchema, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: googleQueryKey }),
  });
}
