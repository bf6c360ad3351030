// Photos of a booking's security deposit (issue 17): staff attach photos of
// damage (or of a listed penalty) while the deposit is held or captured, and
// remove a mistaken one while it is still held. Each is checked and rendered
// exactly like a home's upload (photos.ts) and kept in media_files; the
// deposit's row lists their keys in `evidence`. The capture e-mail links to
// them (services/schedule/capture.ts); photos added after it are sent to the
// guest in a follow-up e-mail (issue 29).
import {
  bookingDeposits,
  bookings,
  mediaFiles,
  type Database,
  type DepositEvidencePhoto,
  type Queryable,
  type Transaction,
} from '@sas/db';
import { DomainError, maxDepositPhotos, photoUrl, type DepositPhoto } from '@sas/domain';
import { eq, inArray } from 'drizzle-orm';
import { enqueueDepositNotice, type LinkSettings } from '../email/schedule-emails.js';
import type { ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';
import { fileNamesOf, mediaRowsOf, type RenderedUpload, type UploadQuota } from './photos.js';

type DepositRow = typeof bookingDeposits.$inferSelect;

export const noDepositMessage = 'This reservation has no security deposit.';
export const depositPhotoNotFoundMessage = 'Photo not found';

/** Deposit statuses that take new photos: a hold to capture from, or a capture to document. */
const acceptsPhotos: ReadonlySet<DepositRow['status']> = new Set(['held', 'captured']);

/** A stored evidence photo as the console API shows it. */
export function toDepositPhoto({ key }: Pick<DepositEvidencePhoto, 'key'>): DepositPhoto {
  return { key, url: photoUrl(key, 1600, 'webp'), thumbnailUrl: photoUrl(key, 480, 'webp') };
}

function tooManyMessage(has: number): string {
  const left = maxDepositPhotos - has;
  return left <= 0
    ? `A deposit keeps at most ${maxDepositPhotos} photos, and this one has ${has}: remove one before adding another.`
    : `A deposit keeps at most ${maxDepositPhotos} photos: this one has ${has}, so add at most ${left} more.`;
}

function checkAcceptsPhotos(deposit: DepositRow): void {
  if (!acceptsPhotos.has(deposit.status)) {
    throw new DomainError(
      'conflict',
      `Photos can be added while the deposit is held or captured: this deposit is ${deposit.status}.`,
    );
  }
  if (deposit.evidence.length >= maxDepositPhotos)
    throw new DomainError('rejected', tooManyMessage(deposit.evidence.length));
}

/**
 * Checks that a booking's deposit takes photos now (not_found without a
 * deposit, conflict when it is not held or captured, rejected when it is
 * full) and answers how many more it takes, before any upload is read.
 */
export async function depositPhotoQuota(db: Queryable, bookingId: string): Promise<UploadQuota> {
  const [deposit] = await db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, bookingId));
  if (!deposit) throw new DomainError('not_found', noDepositMessage);
  checkAcceptsPhotos(deposit);
  return { remaining: maxDepositPhotos - deposit.evidence.length, message: tooManyMessage(deposit.evidence.length) };
}

/** The deposit's row locked for this transaction, so two uploads to one deposit count each other's photos. */
async function lockDeposit(tx: Transaction, bookingId: string): Promise<DepositRow> {
  const [deposit] = await tx
    .select()
    .from(bookingDeposits)
    .where(eq(bookingDeposits.bookingId, bookingId))
    .for('update');
  if (!deposit) throw new DomainError('not_found', noDepositMessage);
  return deposit;
}

/**
 * Appends rendered uploads to the deposit's photos and stores their files,
 * in one transaction with the audit entry; the status and the limit are
 * checked again under the row's lock. Photos added to a deposit already
 * captured (its e-mail sent) go to the guest in a follow-up e-mail, queued
 * in the same transaction (`queued` says one was).
 */
export async function addDepositPhotos(
  db: Database,
  user: ConsoleUser,
  booking: { id: string; code: string },
  uploads: readonly RenderedUpload[],
  now: Date,
  mail: LinkSettings,
): Promise<{ photos: DepositPhoto[]; queued: boolean }> {
  return db.transaction(async (tx) => {
    const deposit = await lockDeposit(tx, booking.id);
    checkAcceptsPhotos(deposit);
    if (deposit.evidence.length + uploads.length > maxDepositPhotos) {
      throw new DomainError('rejected', tooManyMessage(deposit.evidence.length));
    }
    const added: DepositEvidencePhoto[] = uploads.map(({ key }) => ({
      key,
      uploadedAt: now.toISOString(),
      uploadedBy: user.id,
    }));
    for (const upload of uploads) await tx.insert(mediaFiles).values(mediaRowsOf(upload));
    await tx
      .update(bookingDeposits)
      .set({ evidence: [...deposit.evidence, ...added] })
      .where(eq(bookingDeposits.bookingId, booking.id));
    const photos = added.map(toDepositPhoto);
    await recordAudit(tx, user, {
      action: 'reservation.deposit_photos',
      entity: 'booking',
      entityId: booking.code,
      before: { depositStatus: deposit.status, photos: deposit.evidence.length },
      after: { added: photos.map((photo) => photo.key), photos: deposit.evidence.length + added.length },
    });
    let queued = false;
    if (deposit.status === 'captured') {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, booking.id));
      if (row) {
        queued = await enqueueDepositNotice(
          tx,
          row,
          {
            kind: 'photos-added',
            amountCents: deposit.amountCents,
            capturedCents: deposit.capturedCents ?? 0,
            photoKeys: added.map((photo) => photo.key),
            before: deposit.evidence.length,
          },
          mail,
        );
      }
    }
    return { photos, queued };
  });
}

/** Removes a mistaken photo, and its files, while the deposit is held (a captured one's e-mail links to them). */
export async function removeDepositPhoto(
  db: Database,
  user: ConsoleUser,
  booking: { id: string; code: string },
  key: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deposit = await lockDeposit(tx, booking.id);
    const photo = deposit.evidence.find((item) => item.key === key);
    if (!photo) throw new DomainError('not_found', depositPhotoNotFoundMessage);
    if (deposit.status !== 'held') {
      throw new DomainError(
        'conflict',
        `Photos can be removed only while the deposit is held: this deposit is ${deposit.status}, and its photos are kept.`,
      );
    }
    await tx
      .update(bookingDeposits)
      .set({ evidence: deposit.evidence.filter((item) => item.key !== key) })
      .where(eq(bookingDeposits.bookingId, booking.id));
    await tx.delete(mediaFiles).where(inArray(mediaFiles.name, fileNamesOf(key)));
    await recordAudit(tx, user, {
      action: 'reservation.deposit_photo_delete',
      entity: 'booking',
      entityId: booking.code,
      before: photo,
      after: { photos: deposit.evidence.length - 1 },
    });
  });
}
