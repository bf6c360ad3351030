import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDiscountsSchema, type AdminDiscounts } from '@sas/domain';
import { api } from '@/lib/api-client';

const key = (homeId: string) => ['admin', 'discounts', homeId] as const;

/** GET /api/admin/properties/{id}/discounts: the home's automatic discounts. */
export function useHomeDiscounts(homeId: string) {
  return useQuery({
    queryKey: key(homeId),
    queryFn: ({ signal }) =>
      api.request(`/admin/properties/${encodeURIComponent(homeId)}/discounts`, adminDiscountsSchema, { signal }),
    staleTime: 0,
  });
}

/** PUT /api/admin/properties/{id}/discounts: replaced whole; new quotes only. */
export function useSaveHomeDiscounts(homeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDiscounts) =>
      api.request(`/admin/properties/${encodeURIComponent(homeId)}/discounts`, adminDiscountsSchema, {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => queryClient.setQueryData(key(homeId), saved),
  });
}
