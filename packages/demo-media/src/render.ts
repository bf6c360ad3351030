// The sharp side of the photos: encodes every stored width and format (the
// console's uploads come through renderPhoto too) and writes the generated
// scenes to DATA_DIR/media (file names from @sas/domain). Existing files are
// kept, so only the first start pays for the encoding.
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type PhotoFormat, type PhotoWidth, photoFileName, photoFormats, photoWidths } from '@sas/domain';
import sharp, { type Sharp } from 'sharp';
import { largestPhotoWidth, photoHeight } from './photo-size.js';
import { sceneKeys, sceneSvg } from './scenes.js';

export interface RenderedPhoto {
  fileName: string;
  width: PhotoWidth;
  height: number;
  format: PhotoFormat;
  data: Buffer;
}

// Low AVIF effort keeps first start quick; the files are still far smaller than JPEG.
const encoders: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75, effort: 3 }),
};

/** Raw pixels at the largest stored width, 3:2, as sharp's raw output describes them. */
export interface PhotoPixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * A photo in every stored width and format, scaled down from its pixels at
 * the largest width. Seed scenes and uploaded photos both come through here,
 * so every photo is stored at the same sizes and encoder settings.
 */
export async function renderPhoto(
  key: string,
  { data, info }: PhotoPixels,
  only?: { widths?: readonly PhotoWidth[]; formats?: readonly PhotoFormat[] },
): Promise<RenderedPhoto[]> {
  const widths = only?.widths ?? photoWidths;
  const formats = only?.formats ?? photoFormats;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const photos: RenderedPhoto[] = [];
  // One encode at a time per photo: parallel AVIF encoders each grow their own
  // malloc arenas, which roughly doubled peak memory for no gain on two cores.
  for (const width of widths) {
    for (const format of formats) {
      const height = photoHeight(width);
      let image = sharp(data, { raw });
      if (width !== info.width || height !== info.height) image = image.resize(width, height, { fit: 'fill' });
      photos.push({
        fileName: photoFileName(key, width, format),
        width,
        height,
        format,
        data: await encoders[format](image).toBuffer(),
      });
    }
  }
  return photos;
}

/**
 * One scene in every width and format. The SVG is rasterised once at the
 * largest width and scaled down from those pixels, rather than re-rendering
 * the vector drawing for each size.
 */
export async function renderScene(
  key: string,
  only?: { widths?: readonly PhotoWidth[]; formats?: readonly PhotoFormat[] },
): Promise<RenderedPhoto[]> {
  const big = largestPhotoWidth;
  const pixels = await sharp(Buffer.from(sceneSvg(key, big, photoHeight(big))))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return renderPhoto(key, pixels, only);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

export interface EnsureMediaResult {
  /** Scenes that had at least one missing file and were rendered. */
  rendered: number;
  skipped: number;
}

/**
 * Makes sure every file of every scene exists under mediaDir. A scene is
 * rendered only when one of its files is missing; each file is written to a
 * temporary name and renamed, so a crash never leaves a half-written photo
 * that a later start would take as done.
 */
export async function ensureMedia(
  mediaDir: string,
  opts: { keys?: readonly string[]; concurrency?: number } = {},
): Promise<EnsureMediaResult> {
  await mkdir(mediaDir, { recursive: true });
  const keys = opts.keys ?? sceneKeys;
  const names = (key: string): string[] =>
    photoWidths.flatMap((w) => photoFormats.map((f) => photoFileName(key, w, f)));
  const missing: string[] = [];
  for (const key of keys) {
    const present = await Promise.all(names(key).map((n) => exists(join(mediaDir, n))));
    if (present.some((p) => !p)) missing.push(key);
  }
  // sharp already spreads one encode over libvips threads; two scenes at a time keeps both cores busy without piling up memory.
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < missing.length) {
      const key = missing[next++] as string;
      for (const photo of await renderScene(key)) {
        const target = join(mediaDir, photo.fileName);
        const temp = `${target}.${process.pid}.tmp`;
        await writeFile(temp, photo.data);
        await rename(temp, target);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
  return { rendered: missing.length, skipped: keys.length - missing.length };
}
