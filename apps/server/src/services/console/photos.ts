// Photos in the console (issue 14 section 2): uploads checked by content,
// rendered by the demo photos' own renderer (@sas/demo-media) into every
// stored width and format, and kept in the media_files table so every server
// process serves them (ADR 022). A home's photos are its `images` list, in
// order. The multipart reading and rendering here serve the deposit's photos
// too (deposit-photos.ts).
import { randomUUID } from 'node:crypto';
import { mediaFiles, properties, type Database, type StoredImage, type Transaction } from '@sas/db';
import { largestPhotoWidth, photoHeight } from '@sas/demo-media';
import { renderPhoto, type RenderedPhoto } from '@sas/demo-media/render';
import {
  DomainError,
  isDomainError,
  maxPhotoUploadBytes,
  maxPhotoUploadFiles,
  maxPhotoUploadPixels,
  parsePhotoId,
  photoFileName,
  photoFormats,
  photoIdOf,
  photoUrl,
  photoWidths,
  propertyDisplayName,
  type AdminPhoto,
  homeNotFoundMessage,
} from '@sas/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import type { ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';

/** A stored photo of a home as the console API shows it. */
export function toAdminPhoto(homeId: string, { key, alt, width, height }: StoredImage): AdminPhoto {
  return {
    id: photoIdOf(homeId, key),
    key,
    alt,
    width,
    height,
    url: photoUrl(key, 1600, 'webp'),
    thumbnailUrl: photoUrl(key, 480, 'webp'),
  };
}

// Checking by content -----------------------------------------------------------

export const unsupportedPhotoMessage =
  'This file is not a photo we accept: upload a JPEG, PNG, WebP or AVIF image (the file itself is checked, not its name).';
export const heicUnsupportedMessage =
  'HEIC photos cannot be read on this server: export the photo as JPEG (on an iPhone, Settings > Camera > Formats > Most Compatible) and upload it again.';
export const tooManyPixelsMessage = `This photo has more than ${maxPhotoUploadPixels / 1_000_000} megapixels: make it smaller and upload it again.`;

type Sniffed = 'jpeg' | 'png' | 'webp' | 'heif';

const isobmffImageBrands = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The image format the first bytes announce, before any decoder sees the
 * file: only these four are handed to sharp, so no other format's parser
 * (SVG, TIFF, GIF, PDF...) ever runs on an upload.
 */
export function sniffImage(bytes: Buffer): Sniffed | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    return isobmffImageBrands.has(bytes.toString('latin1', 8, 12)) ? 'heif' : null;
  }
  return null;
}

function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/**
 * An uploaded file decoded to the pixels of the largest stored size: turned
 * upright by its EXIF orientation, transparency flattened onto white, and
 * cropped to the 3:2 frame every stored photo has, keeping the most
 * interesting part (sharp's attention strategy). Throws a DomainError
 * (unsupported_media or rejected) with a message the uploader can act on.
 */
export async function decodeUpload(
  bytes: Buffer,
): Promise<{ data: Buffer; info: { width: number; height: number; channels: 3 } }> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new DomainError('unsupported_media', unsupportedPhotoMessage);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('unsupported_media', unsupportedPhotoMessage);
  }
  const format = metadata.format;
  if (format !== sniffed) throw new DomainError('unsupported_media', unsupportedPhotoMessage);
  if (format === 'heif' && metadata.compression === 'hevc')
    throw new DomainError('unsupported_media', heicUnsupportedMessage);
  if (metadata.width * metadata.height > maxPhotoUploadPixels) throw new DomainError('rejected', tooManyPixelsMessage);
  const width = largestPhotoWidth;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPhotoUploadPixels, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(width, photoHeight(width), { fit: 'cover', position: sharp.strategy.attention })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: 3 } };
  } catch (err) {
    if (isPixelLimitError(err)) throw new DomainError('rejected', tooManyPixelsMessage);
    if (format === 'heif') throw new DomainError('unsupported_media', heicUnsupportedMessage);
    throw new DomainError(
      'unsupported_media',
      `This photo could not be read: it may be damaged. ${unsupportedPhotoMessage}`,
    );
  }
}

/** A checked upload rendered into every stored width and format, under a new key. */
export interface RenderedUpload {
  key: string;
  files: RenderedPhoto[];
}

export async function renderUpload(bytes: Buffer): Promise<RenderedUpload> {
  const pixels = await decodeUpload(bytes);
  const key = `u-${randomUUID()}`;
  return { key, files: await renderPhoto(key, pixels) };
}

const contentTypes = { avif: 'image/avif', webp: 'image/webp' } as const;

/** The names of every stored width and format of a photo's key. */
export function fileNamesOf(key: string): string[] {
  return photoWidths.flatMap((width) => photoFormats.map((format) => photoFileName(key, width, format)));
}

/** The media_files rows of a rendered upload, for the transaction that stores it. */
export function mediaRowsOf(upload: RenderedUpload): (typeof mediaFiles.$inferInsert)[] {
  return upload.files.map((file) => ({
    name: file.fileName,
    contentType: contentTypes[file.format],
    bytes: file.data,
  }));
}

// Multipart uploads ---------------------------------------------------------------------

/**
 * @fastify/multipart's limits for every photo upload route (20 MB a file, 20
 * files a request). Each route registers the parser in its own plugin, so no
 * other route accepts multipart bodies.
 */
export const photoUploadLimits = {
  fileSize: maxPhotoUploadBytes,
  files: maxPhotoUploadFiles,
  fields: 10,
  parts: maxPhotoUploadFiles + 10,
} as const;

const megabytes = maxPhotoUploadBytes / (1024 * 1024);

function readCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
}

export interface UploadQuota {
  /** How many more photos may be added; the file after them is refused (422) before it is read. */
  remaining: number;
  message: string;
}

/**
 * Every file of a multipart upload, checked and rendered one at a time as it
 * arrives, so at most one original is held in memory. Any refused file
 * refuses the whole upload: nothing is stored unless every file is.
 */
export async function renderUploads(request: FastifyRequest, quota?: UploadQuota): Promise<RenderedUpload[]> {
  if (!request.isMultipart()) {
    throw new DomainError('unsupported_media', 'Send the photos as multipart/form-data, one file part per photo');
  }
  const rendered: RenderedUpload[] = [];
  let current = '';
  let overQuota = false;
  try {
    for await (const part of request.files()) {
      current = part.filename;
      if (quota && rendered.length >= quota.remaining) {
        overQuota = true;
        break;
      }
      const bytes = await part.toBuffer();
      rendered.push(await renderUpload(bytes));
    }
  } catch (err) {
    const name = current === '' ? '' : ` (${current})`;
    const naming = (message: string) => (name ? `${message.replace(/\.$/, '')}${name}.` : message);
    switch (readCode(err)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new DomainError(
          'too_large',
          `Each photo may be at most ${megabytes} MB${name ? `: this one${name} is larger` : ''}`,
        );
      case 'FST_FILES_LIMIT':
        throw new DomainError('too_large', `Upload at most ${maxPhotoUploadFiles} photos at a time`);
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new DomainError('too_large', 'The upload has too many parts: send only the photo files');
      case 'FST_PROTO_VIOLATION':
      case 'FST_MP_PREMATURE_CLOSE':
      case 'FST_INVALID_JSON_FIELD_ERROR':
        // The multipart parser's own refusals keep the status it gave them; only which file is added.
        if (err instanceof Error) err.message = naming(err.message);
        throw err;
      default: {
        // A refused photo: say which one.
        if (isDomainError(err)) throw new DomainError(err.code, naming(err.message));
        // Busboy's complaints about a malformed body are the client's, not ours.
        if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message)) {
          throw new DomainError('invalid', `The upload is not a valid multipart/form-data body: ${err.message}`);
        }
        throw err;
      }
    }
  }
  if (overQuota && quota) throw new DomainError('rejected', quota.message);
  if (rendered.length === 0) throw new DomainError('invalid', 'The upload has no files: add at least one photo');
  return rendered;
}

// Writes ----------------------------------------------------------------------------

/** The home's row locked for this transaction, so two photo edits of one home apply one after the other. */
async function lockHome(tx: Transaction, homeId: string) {
  const [row] = await tx
    .select({ images: properties.images, name: properties.name, publicName: properties.publicName })
    .from(properties)
    .where(eq(properties.id, homeId))
    .for('update');
  if (!row) throw new DomainError('not_found', homeNotFoundMessage);
  return row;
}

async function saveImages(tx: Transaction, homeId: string, images: StoredImage[]): Promise<void> {
  await tx
    .update(properties)
    .set({ images, updatedAt: sql`now()` })
    .where(eq(properties.id, homeId));
}

/**
 * Appends rendered uploads to the home's photos and stores their files, in
 * one transaction with the audit entry. The alt text starts as the home's
 * name, for staff to describe the photo.
 */
export async function addPhotos(
  db: Database,
  user: ConsoleUser,
  homeId: string,
  uploads: readonly RenderedUpload[],
): Promise<AdminPhoto[]> {
  return db.transaction(async (tx) => {
    const home = await lockHome(tx, homeId);
    const alt = `Photo of ${propertyDisplayName({ public_name: home.publicName, name: home.name })}`;
    const added: StoredImage[] = uploads.map(({ key }) => ({
      key,
      alt,
      width: largestPhotoWidth,
      height: photoHeight(largestPhotoWidth),
    }));
    for (const upload of uploads) await tx.insert(mediaFiles).values(mediaRowsOf(upload));
    await saveImages(tx, homeId, [...home.images, ...added]);
    const photos = added.map((image) => toAdminPhoto(homeId, image));
    await recordAudit(tx, user, { action: 'photo.upload', entity: 'property', entityId: homeId, after: photos });
    return photos;
  });
}

/** The home and key a photo id names, if that home has that photo and this user may see it. */
function photoRef(photoId: string): { homeId: string; key: string } {
  const ref = parsePhotoId(photoId);
  if (!ref) throw new DomainError('not_found', 'Photo not found');
  return ref;
}

const photoNotFound = (): DomainError => new DomainError('not_found', 'Photo not found');

/** The home a photo id names (for the access check before any write). */
export function homeOfPhoto(photoId: string): string {
  return photoRef(photoId).homeId;
}

/**
 * Removes a photo from its home, and its files when no home shows that key
 * any more (seed photos are shared between homes and live on disk).
 */
export async function deletePhoto(db: Database, user: ConsoleUser, photoId: string): Promise<void> {
  const { homeId, key } = photoRef(photoId);
  await db.transaction(async (tx) => {
    const home = await lockHome(tx, homeId);
    const photo = home.images.find((image) => image.key === key);
    if (!photo) throw photoNotFound();
    await saveImages(
      tx,
      homeId,
      home.images.filter((image) => image.key !== key),
    );
    const [elsewhere] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(sql`${properties.images} @> ${JSON.stringify([{ key }])}::jsonb`)
      .limit(1);
    if (!elsewhere) await tx.delete(mediaFiles).where(inArray(mediaFiles.name, fileNamesOf(key)));
    await recordAudit(tx, user, {
      action: 'photo.delete',
      entity: 'property',
      entityId: homeId,
      before: toAdminPhoto(homeId, photo),
    });
  });
}

/** Sets a photo's alt text; answers the home's photos. */
export async function updatePhotoAlt(
  db: Database,
  user: ConsoleUser,
  photoId: string,
  alt: string,
): Promise<AdminPhoto[]> {
  const { homeId, key } = photoRef(photoId);
  return db.transaction(async (tx) => {
    const home = await lockHome(tx, homeId);
    const photo = home.images.find((image) => image.key === key);
    if (!photo) throw photoNotFound();
    const images = home.images.map((image) => (image.key === key ? { ...image, alt } : image));
    await saveImages(tx, homeId, images);
    await recordAudit(tx, user, {
      action: 'photo.update',
      entity: 'property',
      entityId: homeId,
      before: { id: photoId, alt: photo.alt },
      after: { id: photoId, alt },
    });
    return images.map((image) => toAdminPhoto(homeId, image));
  });
}

/** Puts the home's photos in this order (every photo once, the cover first); answers them. */
export async function reorderPhotos(
  db: Database,
  user: ConsoleUser,
  homeId: string,
  photoIds: readonly string[],
): Promise<AdminPhoto[]> {
  return db.transaction(async (tx) => {
    const home = await lockHome(tx, homeId);
    const byId = new Map(home.images.map((image) => [photoIdOf(homeId, image.key), image]));
    const ordered = photoIds.map((id) => byId.get(id.toLowerCase()));
    if (photoIds.length !== home.images.length || ordered.some((image) => image === undefined)) {
      throw new DomainError(
        'invalid',
        `photoIds must list each of the home's ${home.images.length} photos once; reload the photos and try again`,
      );
    }
    const images = ordered.filter((image): image is StoredImage => image !== undefined);
    await saveImages(tx, homeId, images);
    await recordAudit(tx, user, {
      action: 'photo.reorder',
      entity: 'property',
      entityId: homeId,
      before: home.images.map((image) => photoIdOf(homeId, image.key)),
      after: images.map((image) => photoIdOf(homeId, image.key)),
    });
    return images.map((image) => toAdminPhoto(homeId, image));
  });
}

// Serving ---------------------------------------------------------------------------

/** Names of stored photo files: `{key}-{width}.{format}`. */
const mediaFileNamePattern = /^[a-z0-9][a-z0-9-]{0,99}-(?:480|960|1600)\.(?:avif|webp)$/;

/** An uploaded photo's file from the database, or null (unknown name, or not a photo file name at all). */
export async function readMediaFile(
  db: Pick<Database, 'select'>,
  name: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!mediaFileNamePattern.test(name)) return null;
  const [row] = await db
    .select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
    .from(mediaFiles)
    .where(eq(mediaFiles.name, name));
  return row ?? null;
}
