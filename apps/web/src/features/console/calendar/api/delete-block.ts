import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarQueryKey } from '../../shared/api/query-keys';

/** 204 has no body. */
const noContent = { parse: (): void => undefined };

/** DELETE /api/admin/blocks/{id}: frees a staff or owner block's nights. */
export function deleteBlock(id: string): Promise<void> {
  return api.request(`/admin/blocks/${encodeURIComponent(id)}`, noContent, { method: 'DELETE' });
}

export function useDeleteBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlock,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
