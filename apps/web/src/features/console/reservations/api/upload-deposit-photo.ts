import { depositPhotoUploadResponseSchema, type DepositPhoto } from '@sas/domain';
import { uploadFile, type UploadOptions } from '../../shared/api/upload-file';

/**
 * POST /api/admin/reservations/{code}/deposit/photos with one file, sent
 * like a home's photo (ADR 026): 201 with the photo as stored. The server
 * checks the content, size and pixels and keeps at most 10 a deposit; a
 * 409, 413, 415 or 422 arrives as an ApiError carrying its message.
 */
export function uploadDepositPhoto(code: string, file: File, options: UploadOptions): Promise<DepositPhoto[]> {
  return uploadFile(
    `/admin/reservations/${encodeURIComponent(code)}/deposit/photos`,
    depositPhotoUploadResponseSchema,
    file,
    options,
  );
}
