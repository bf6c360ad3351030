import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A 204 has no body; anything else would be a broken contract. */
const noContent = {
  parse(data: unknown): void {
    if (data !== undefined) throw new Error('Expected no content');
  },
};

/** DELETE /api/admin/photos/{photoId}: 204; the photo leaves the home and its files are removed. */
export function deletePhoto(photoId: string): Promise<void> {
  return api.request(`/admin/photos/${encodeURIComponent(photoId)}`, noContent, { method: 'DELETE' });
}

export function useDeletePhoto() {
  return useMutation({ mutationFn: deletePhoto });
}
