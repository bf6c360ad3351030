import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPromotionListSchema, adminRedemptionListSchema, type AdminPromotionList } from '@sas/domain';
import { api } from '@/lib/api-client';

export const promotionsQueryKey = ['admin', 'promotions'] as const;

/** GET /api/admin/promotions: every code, newest first, with its uses, revenue and discount given. */
export function getPromotions(signal?: AbortSignal): Promise<AdminPromotionList> {
  return api.request('/admin/promotions', adminPromotionListSchema, { signal });
}

export function promotionsQueryOptions() {
  return queryOptions({ queryKey: promotionsQueryKey, queryFn: ({ signal }) => getPromotions(signal), staleTime: 0 });
}

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}

/** GET /api/admin/promotions/{id}/redemptions: a code's bookings and payments under way. */
export function useRedemptions(id: string | null) {
  return useQuery({
    queryKey: [...promotionsQueryKey, 'redemptions', id],
    queryFn: ({ signal }) =>
      api.request(`/admin/promotions/${encodeURIComponent(id ?? '')}/redemptions`, adminRedemptionListSchema, {
        signal,
      }),
    enabled: id !== null,
    staleTime: 0,
  });
}
