// Photos in the console (issue 14 section 2).
import type { StoredImage } from '@sas/db';
import { photoUrl, type AdminPhoto } from '@sas/domain';

/** A stored photo as the console API shows it: its key is its id. */
export function toAdminPhoto({ key, alt, width, height }: StoredImage): AdminPhoto {
  return {
    id: key,
    key,
    alt,
    width,
    height,
    url: photoUrl(key, 1600, 'webp'),
    thumbnailUrl: photoUrl(key, 480, 'webp'),
  };
}
