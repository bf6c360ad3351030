// Pixel sizes of the stored photos, shared by the renderer and the catalogue
// (which records them in StoredImage) without loading sharp.
import { type PhotoWidth, photoWidths } from '@sas/domain';

export const largestPhotoWidth: PhotoWidth = photoWidths.reduce<PhotoWidth>((a, b) => (b > a ? b : a), photoWidths[0]);

/** Photos are 3:2; 1600 wide is 1067 high (rounded). */
export function photoHeight(width: number): number {
  return Math.round((width * 2) / 3);
}
