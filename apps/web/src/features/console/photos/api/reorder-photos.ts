import { useMutation } from '@tanstack/react-query';
import { adminPhotoListSchema, type AdminPhoto } from '@sas/domain';
import { api } from '@/lib/api-client';

/** PUT /api/admin/properties/{id}/photos/order: every photo id once, the cover first. */
export function reorderPhotos(homeId: string, photoIds: string[]): Promise<AdminPhoto[]> {
  return api.request(`/admin/properties/${encodeURIComponent(homeId)}/photos/order`, adminPhotoListSchema, {
    method: 'PUT',
    body: { photoIds },
  });
}

export function useReorderPhotos(homeId: string) {
  return useMutation({
    mutationFn: (photoIds: string[]) => reorderPhotos(homeId, photoIds),
    // One order at a time, in the order they were asked for: the last one wins.
    scope: { id: `photo-order-${homeId}` },
  });
}
