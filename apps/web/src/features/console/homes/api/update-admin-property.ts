import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPropertySchema, type AdminProperty, type AdminPropertyPatch } from '@sas/domain';
import { api } from '@/lib/api-client';
import { adminHomesQueryKey } from './get-admin-properties';

export type { AdminPropertyPatch };

/** PATCH /api/admin/properties/{id}: the changed fields only; answers the home as now stored. */
export function updateAdminProperty(id: string, patch: AdminPropertyPatch): Promise<AdminProperty> {
  return api.request(`/admin/properties/${encodeURIComponent(id)}`, adminPropertySchema, {
    method: 'PATCH',
    body: patch,
  });
}

/** Saves changes of home `id` (its UUID) and puts the server's answer wherever the home is shown. */
export function useUpdateAdminProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminPropertyPatch) => updateAdminProperty(id, patch),
    onSuccess: async (home) => {
      // The edit page may be keyed by the UUID, the propertyId or the slug.
      queryClient.setQueriesData<AdminProperty>({ queryKey: [...adminHomesQueryKey, 'detail'] }, (old) =>
        old?.id === home.id ? home : old,
      );
      await queryClient.invalidateQueries({ queryKey: [...adminHomesQueryKey, 'list'] });
    },
  });
}
