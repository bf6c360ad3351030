// Link-preview images (Open Graph / Twitter, SPEC.md section 9: 1200x630):
// a home's main photo cropped to size, with a soft shade at the bottom and
// the home's name and the company name on it. Drawing one takes a few hundred
// milliseconds, so each is drawn once and kept under DATA_DIR/media/social/.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, rename, stat, unlink, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { companyName, photoFileName, socialImageHeight, socialImageWidth, truncate } from '@sas/domain';
import sharp, { type Sharp } from 'sharp';
import type { SocialImageSource } from './catalog.js';

/** Bump when the drawing changes, so every cached image is drawn again. */
const drawingVersion = '1';

/** The site's theme colour (index.html), behind homes without a usable photo. */
const fallbackBackground = '#1f4a45';

const nameFontSize = 64;
/** About this many characters of the bold name font fit on one line, wide letters included. */
export const nameLineLength = 26;
const nameMaxLines = 2;
const marginX = 64;

export interface SocialImage {
  /** Absolute path of the cached JPEG. */
  path: string;
  /** Changes whenever the picture would; usable as an ETag. */
  version: string;
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => xmlEscapes[ch] ?? ch);
}

/** The name broken into at most two lines at word boundaries; what does not fit ends in '…'. */
export function nameLines(name: string): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const [index, word] of words.entries()) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (candidate.length <= nameLineLength || current === '') {
      current = candidate;
      continue;
    }
    lines.push(current);
    if (lines.length === nameMaxLines - 1) {
      current = words.slice(index).join(' ');
      break;
    }
    current = word;
  }
  if (current !== '') lines.push(current);
  return lines.map((line) => truncate(line, nameLineLength));
}

function overlaySvg(name: string): Buffer {
  const lines = nameLines(name);
  const brandY = socialImageHeight - 56;
  const lineHeight = Math.round(nameFontSize * 1.15);
  const firstNameY = brandY - 64 - lineHeight * (lines.length - 1);
  const nameText = lines
    .map((line, i) => `<tspan x="${marginX}" y="${firstNameY + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${socialImageWidth}" height="${socialImageHeight}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.4" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.72"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  <text font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${nameFontSize}" font-weight="700" fill="#fff">${nameText}</text>
  <text x="${marginX}" y="${brandY}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="30" letter-spacing="3" fill="#fff" fill-opacity="0.9">${escapeXml(companyName.toUpperCase())}</text>
</svg>`;
  return Buffer.from(svg);
}

function background(photoPath: string | null): Sharp {
  if (photoPath === null) {
    return sharp({
      create: { width: socialImageWidth, height: socialImageHeight, channels: 3, background: fallbackBackground },
    });
  }
  return sharp(photoPath).resize(socialImageWidth, socialImageHeight, { fit: 'cover', position: 'centre' });
}

async function draw(name: string, photoPath: string | null): Promise<Buffer> {
  // Flattened to raw pixels first: compositing onto a resize in one pipeline
  // would apply the overlay before the crop.
  const { data, info } = await background(photoPath).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: overlaySvg(name) }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

async function fileStamp(path: string): Promise<string | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? `${info.size}:${info.mtimeMs}` : null;
  } catch {
    return null;
  }
}

async function exists(path: string): Promise<boolean> {
  return (await fileStamp(path)) !== null;
}

/**
 * Social images cached under `mediaDir`/social. File names carry a hash of
 * everything drawn (name, photo file, drawing version), so a renamed home or
 * a new main photo gets a new image while an unchanged one is never redrawn.
 */
export function createSocialImages(mediaDir: string, log: { error(obj: object, msg: string): void }) {
  const cacheDir = join(mediaDir, 'social');
  // Two crawlers asking at once for the same new image share one drawing.
  const drawing = new Map<string, Promise<void>>();

  async function render(slug: string, path: string, name: string, photoPath: string | null): Promise<void> {
    let jpeg: Buffer;
    try {
      jpeg = await draw(name, photoPath);
    } catch (err) {
      if (photoPath === null) throw err;
      // A damaged photo file should cost the preview its photo, not the preview.
      log.error({ err, photoPath }, 'social image: could not read the main photo');
      jpeg = await draw(name, null);
    }
    await mkdir(cacheDir, { recursive: true });
    // Written under a temporary name and renamed, so no reader ever sees half a file.
    const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, jpeg);
    await rename(temp, path);
    await removeOlderVersions(slug, path);
  }

  async function removeOlderVersions(slug: string, keep: string): Promise<void> {
    // Slugs hold only letters, digits and dashes, so "slug." never prefixes another home's files.
    const prefix = `${slug}.`;
    const stale = (await readdir(cacheDir)).filter(
      (file) => file.startsWith(prefix) && file.endsWith('.jpg') && join(cacheDir, file) !== keep,
    );
    await Promise.all(stale.map((file) => unlink(join(cacheDir, file)).catch(() => undefined)));
  }

  return {
    /** The cached image of a home, drawn first if needed. `slug` must be a canonical slug. */
    async get(slug: string, source: SocialImageSource): Promise<SocialImage> {
      const photoPath = source.photoKey === null ? null : join(mediaDir, photoFileName(source.photoKey, 1600, 'webp'));
      const stamp = photoPath === null ? null : await fileStamp(photoPath);
      const version = createHash('sha1')
        .update(JSON.stringify([drawingVersion, source.name, source.photoKey, stamp]))
        .digest('base64url')
        .slice(0, 16);
      const path = join(cacheDir, `${slug}.${version}.jpg`);
      if (!(await exists(path))) {
        let pending = drawing.get(path);
        if (!pending) {
          pending = render(slug, path, source.name, stamp === null ? null : photoPath).finally(() =>
            drawing.delete(path),
          );
          drawing.set(path, pending);
        }
        await pending;
      }
      return { path, version };
    },
  };
}

export type SocialImages = ReturnType<typeof createSocialImages>;
