// Zod contracts of the console's photo API (issue 14): upload, alt text,
// order, delete. The file names of a photo's rendered widths and formats
// derive from its media key (media.ts).
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

/**
 * A photo's id in the console API: the home's UUID and the photo's media key,
 * `{uuid}.{key}`. The key alone is not enough: seed photos share keys
 * between homes, and deleting one home's photo must leave the others'.
 */
export const photoIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9][a-z0-9-]{0,99}$/;
export const photoIdSchema = z.string().regex(photoIdPattern, { error: 'Not a photo id' });

export function photoIdOf(homeId: string, key: string): string {
  return `${homeId.toLowerCase()}.${key}`;
}

/** The home and media key a photo id names; null when it is not a photo id. */
export function parsePhotoId(id: string): { homeId: string; key: string } | null {
  if (!photoIdPattern.test(id)) return null;
  return { homeId: id.slice(0, 36), key: id.slice(37) };
}

/** One photo of a home as the console shows it; a superset of the public photoSchema. */
export const adminPhotoSchema = photoSchema.extend({
  /** The photo's id in the console API (photoIdOf). */
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
      .min(1, { error: 'Describe the photo for guests who cannot see it: alt text cannot be empty' })
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

/** Answer of the order and alt routes: the home's photos as now stored, in order. */
export const adminPhotoListSchema = z.array(adminPhotoSchema);
