import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDiscountsSchema, type AdminDiscounts } from '@sas/domain';
import { api } from '@/lib/api-client';

/** Whose automatic discounts: a home's, or a collection's (for its homes without their own). */
export type DiscountsTarget = { kind: 'home'; id: string } | { kind: 'collection'; name: string };

function pathOf(target: DiscountsTarget): string {
  return target.kind === 'home'
    ? `/admin/properties/${encodeURIComponent(target.id)}/discounts`
    : `/admin/collections/${encodeURIComponent(target.name)}/discounts`;
}

const keyOf = (target: DiscountsTarget) =>
  ['admin', 'discounts', target.kind, target.kind === 'home' ? target.id : target.name] as const;

/** GET /api/admin/properties/{id}/discounts or /api/admin/collections/{name}/discounts. */
export function useDiscounts(target: DiscountsTarget) {
  return useQuery({
    queryKey: keyOf(target),
    queryFn: ({ signal }) => api.request(pathOf(target), adminDiscountsSchema, { signal }),
    staleTime: 0,
  });
}

/** PUT of the same: replaced whole; new quotes only. */
export function useSaveDiscounts(target: DiscountsTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDiscounts) => api.request(pathOf(target), adminDiscountsSchema, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(keyOf(target), saved),
  });
}
