import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCancelPreviewSchema, type AdminCancelPreview } from '@sas/domain';
import { api } from '@/lib/api-client';
import { reservationsQueryKey } from './list-reservations';

/** GET /api/admin/reservations/{code}/cancel-preview: what each refund choice would pay back today. */
export function getCancelPreview(code: string, signal?: AbortSignal): Promise<AdminCancelPreview> {
  return api.request(`/admin/reservations/${encodeURIComponent(code)}/cancel-preview`, adminCancelPreviewSchema, {
    signal,
  });
}

export function cancelPreviewQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...reservationsQueryKey, 'cancel-preview', code],
    queryFn: ({ signal }) => getCancelPreview(code, signal),
    // The policy's tier depends on today's date: asked afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useCancelPreview(code: string, enabled: boolean) {
  return useQuery({ ...cancelPreviewQueryOptions(code), enabled });
}
