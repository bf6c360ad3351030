import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reservationQueryOptions } from './get-reservation';

/** A 204 has no body; anything else would be a broken contract. */
const noContent = {
  parse(data: unknown): void {
    if (data !== undefined) throw new Error('Expected no content');
  },
};

/**
 * DELETE /api/admin/reservations/{code}/deposit/photos/{key}: 204; a mistaken
 * photo leaves the held deposit and its files are removed. A captured
 * deposit's photos are kept (409).
 */
export function deleteDepositPhoto({ code, key }: { code: string; key: string }): Promise<void> {
  return api.request(
    `/admin/reservations/${encodeURIComponent(code)}/deposit/photos/${encodeURIComponent(key)}`,
    noContent,
    { method: 'DELETE' },
  );
}

export function useDeleteDepositPhoto(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => deleteDepositPhoto({ code, key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationQueryOptions(code).queryKey }),
  });
}
