import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBlockCreatedSchema, type AdminBlockCreated, type AdminBlockRequest } from '@sas/domain';
import { api } from '@/lib/api-client';
import { calendarQueryKey } from '../../shared/api/query-keys';

export interface CreateBlockInput extends AdminBlockRequest {
  /** The home: its UUID, propertyId or slug. */
  homeId: string;
}

/**
 * POST /api/admin/properties/{id}/blocks. The database decides: nights
 * already taken answer 409 with a message naming the booking in the way.
 */
export function createBlock({ homeId, ...block }: CreateBlockInput): Promise<AdminBlockCreated> {
  return api.request(`/admin/properties/${encodeURIComponent(homeId)}/blocks`, adminBlockCreatedSchema, {
    method: 'POST',
    body: block,
  });
}

export function useCreateBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlock,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
