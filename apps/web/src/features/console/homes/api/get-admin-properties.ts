import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPropertyListSchema, type AdminProperty } from '@sas/domain';
import { api } from '@/lib/api-client';

/** Every console query about homes starts with this key, so one invalidation refreshes them all. */
export const adminHomesQueryKey = ['console', 'homes'] as const;

/** GET /api/admin/properties: every home the caller may run, published or not. */
export function getAdminProperties(signal?: AbortSignal): Promise<AdminProperty[]> {
  return api.request('/admin/properties', adminPropertyListSchema, { signal });
}

export function adminPropertiesQueryOptions() {
  return queryOptions({
    queryKey: [...adminHomesQueryKey, 'list'],
    queryFn: ({ signal }) => getAdminProperties(signal),
    // Another staff member may have just changed a home: the console reads fresh.
    staleTime: 0,
  });
}

export function useAdminProperties() {
  return useQuery(adminPropertiesQueryOptions());
}
