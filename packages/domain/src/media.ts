// Photos are stored once per width and format; these helpers are the single
// place that knows the file naming, for the seeder, the server and the browser.
export const photoWidths = [480, 960, 1600] as const;
export type PhotoWidth = (typeof photoWidths)[number];
export const photoFormats = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/** Base path under which DATA_DIR/media is served. */
export const mediaBasePath = '/media';

export function photoUrl(key: string, width: PhotoWidth, format: PhotoFormat = 'webp'): string {
  return `${mediaBasePath}/${key}-${width}.${format}`;
}

export function photoFileName(key: string, width: PhotoWidth, format: PhotoFormat): string {
  return `${key}-${width}.${format}`;
}

/** `srcset` value listing every stored width of one format. */
export function photoSrcSet(key: string, format: PhotoFormat): string {
  return photoWidths.map((w) => `${photoUrl(key, w, format)} ${w}w`).join(', ');
}

/**
 * How wide the main photo of a property page is drawn (apps/web
 * photo-gallery.css): the whole width on phones, half the page beside the
 * thumbnails above 768px. The page's <img> and any preload of that photo must
 * use this same value, or the browser may fetch two different files.
 */
export const mainPhotoSizes = '(max-width: 768px) 100vw, (max-width: 1240px) 50vw, 620px';

/**
 * How wide a listing card's photo is drawn (apps/web property-card.css): one
 * card a row on small phones, two on larger ones, four on wide screens.
 */
export const cardPhotoSizes = '(max-width: 480px) 100vw, (max-width: 768px) 50vw, 25vw';
