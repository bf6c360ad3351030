import { adminPhotoUploadResponseSchema, type AdminPhoto } from '@sas/domain';
import { uploadFile, type UploadOptions } from '../../shared/api/upload-file';

/**
 * POST /api/admin/properties/{id}/photos with one file: 201 with the photo
 * as stored. The server checks the content, size and pixels; a 413, 415 or
 * 422 arrives as an ApiError carrying its message.
 */
export function uploadPhoto(homeId: string, file: File, options: UploadOptions): Promise<AdminPhoto[]> {
  return uploadFile(
    `/admin/properties/${encodeURIComponent(homeId)}/photos`,
    adminPhotoUploadResponseSchema,
    file,
    options,
  );
}
