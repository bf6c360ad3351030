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
