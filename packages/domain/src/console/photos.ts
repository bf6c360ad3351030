// Zod contracts of the console's photo API (issue 14): upload, alt text,
// order, delete. A photo's id is its media key: the file names of its
// rendered widths and formats derive from it (media.ts).
import { z } from 'zod';
import { photoSchema } from '../catalog.js';

/** Largest upload accepted, per file (413 above). */
export const maxPhotoUploadBytes = 20 * 1024 * 1024;
/** Most pixels an upload may decode to (422 above): 50 megapixels. */
export const maxPhotoUploadPixels = 50_000_000;
/** Most files in one upload request. */
export const maxPhotoUploadFiles = 20;
/** Content types an upload may be, checked on the decoded content, never on the name or header. */
export const acceptedPhotoFormats = ['jpeg', 'png', 'webp', 'avif', 'heic'] as const;
export const maxPhotoAltLength = 300;

/** A key as uploads and the seed write them: lowercase letters, digits and dashes. */
export const photoIdPattern = /^[a-z0-9][a-z0-9-]{0,99}$/;
export const photoIdSchema = z.string().regex(photoIdPattern, { error: 'Not a photo id' });

/** One photo of a home as the console shows it; a superset of the public photoSchema. */
export const adminPhotoSchema = photoSchema.extend({
  /** The photo's id in the console API (its media key). */
  id: z.string(),
  /** The largest stored width, WebP. */
  url: z.string(),
  /** A small stored width, WebP, for thumbnails. */
  thumbnailUrl: z.string(),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;

/** 201 of POST /api/admin/properties/{id}/photos: the photos just stored, in upload order. */
export const adminPhotoUploadResponseSchema = z.array(adminPhotoSchema);

/** PATCH /api/admin/photos/{photoId} */
export const adminPhotoPatchSchema = z
  .object({
    alt: z
      .string()
      .trim()
      .max(maxPhotoAltLength, { error: `Alt text is at most ${maxPhotoAltLength} characters` }),
  })
  .strict();
export type AdminPhotoPatch = z.infer<typeof adminPhotoPatchSchema>;

/** PUT /api/admin/properties/{id}/photos/order: every photo of the home, each once, first is the cover. */
export const adminPhotoOrderSchema = z
  .object({
    photoIds: z
      .array(photoIdSchema)
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'photoIds lists a photo twice' }),
  })
  .strict();
export type AdminPhotoOrder = z.infer<typeof adminPhotoOrderSchema>;

/** Answer of the order and alt routes: the home's photos as now stored. */
export const adminPhotoListSchema = z.array(adminPhotoSchema);
