import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminPromotionSchema,
  type AdminPromotion,
  type AdminPromotionCreate,
  type AdminPromotionPatch,
} from '@sas/domain';
import { api } from '@/lib/api-client';
import { promotionsQueryKey } from './get-promotions';

/** 204 has no body. */
const noContent = { parse: (): void => undefined };

/** POST /api/admin/promotions (409 when the code exists in any case). */
export function createPromotion(body: AdminPromotionCreate): Promise<AdminPromotion> {
  return api.request('/admin/promotions', adminPromotionSchema, { method: 'POST', body });
}

/** PATCH /api/admin/promotions/{id}: the fields given; `status` pauses or resumes. */
export function updatePromotion({
  id,
  changes,
}: {
  id: string;
  changes: AdminPromotionPatch;
}): Promise<AdminPromotion> {
  return api.request(`/admin/promotions/${encodeURIComponent(id)}`, adminPromotionSchema, {
    method: 'PATCH',
    body: changes,
  });
}

/** DELETE /api/admin/promotions/{id}: the code stops working; bookings made with it keep their price. */
export function deletePromotion(id: string): Promise<void> {
  return api.request(`/admin/promotions/${encodeURIComponent(id)}`, noContent, { method: 'DELETE' });
}

function useInvalidating<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsQueryKey }),
  });
}

export const useCreatePromotion = () => useInvalidating(createPromotion);
export const useUpdatePromotion = () => useInvalidating(updatePromotion);
export const useDeletePromotion = () => useInvalidating(deletePromotion);
