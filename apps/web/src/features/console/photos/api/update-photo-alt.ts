import { useMutation } from '@tanstack/react-query';
import { adminPhotoListSchema, type AdminPhoto, type AdminPhotoPatch } from '@sas/domain';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/photos/{photoId} `{ alt }`: answers the home's photos as now stored. */
export function updatePhotoAlt(photoId: string, patch: AdminPhotoPatch): Promise<AdminPhoto[]> {
  return api.request(`/admin/photos/${encodeURIComponent(photoId)}`, adminPhotoListSchema, {
    method: 'PATCH',
    body: patch,
  });
}

export function useUpdatePhotoAlt() {
  return useMutation({
    mutationFn: ({ photoId, alt }: { photoId: string; alt: string }) => updatePhotoAlt(photoId, { alt }),
  });
}
