import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPropertySchema, type AdminProperty } from '@sas/domain';
import { api } from '@/lib/api-client';
import { adminHomesQueryKey } from './get-admin-properties';

/** GET /api/admin/properties/{id}: one home as staff edit it; `id` is its UUID, propertyId or slug. */
export function getAdminProperty(id: string, signal?: AbortSignal): Promise<AdminProperty> {
  return api.request(`/admin/properties/${encodeURIComponent(id)}`, adminPropertySchema, { signal });
}

export function adminPropertyQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminHomesQueryKey, 'detail', id],
    queryFn: ({ signal }) => getAdminProperty(id, signal),
    staleTime: 0,
  });
}

export function useAdminProperty(id: string) {
  return useQuery(adminPropertyQueryOptions(id));
}
