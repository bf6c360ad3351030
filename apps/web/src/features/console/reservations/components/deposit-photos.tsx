// Photos of a reservation's security deposit (issue 17): evidence of damage
// or of a listed penalty, linked in the guest's capture e-mail. Staff add
// them while the deposit is held or captured, with the console's photo
// uploader (ADR 026), and remove a mistaken one while it is held.
import { useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { maxDepositPhotos, pluralize, type DepositPhoto, type DepositStatus } from '@sas/domain';
import { PhotoUploader } from '../../shared/components/photo-uploader';
import { ConsoleDialog } from '../../shared/components/console-dialog';
import { errorMessage } from '../../shared/format';
import { useDeleteDepositPhoto } from '../api/delete-deposit-photo';
import { reservationQueryOptions } from '../api/get-reservation';
import { uploadDepositPhoto } from '../api/upload-deposit-photo';

/** The alt text of a deposit's photo: staff do not describe them, so its place says which it is. */
export function depositPhotoAlt(index: number, count: number): string {
  return `Deposit photo ${index + 1} of ${count}`;
}

/** Thumbnails of a deposit's photos, each a link to its full size unless `linked` is false. */
export function DepositPhotoThumbnails({
  photos,
  labelledBy,
  linked = true,
  actions,
}: {
  photos: DepositPhoto[];
  labelledBy: string;
  linked?: boolean;
  actions?: ((photo: DepositPhoto, index: number) => ReactNode) | undefined;
}) {
  return (
    <ul className="deposit-photos__list" aria-labelledby={labelledBy}>
      {photos.map((photo, index) => {
        const image = (
          <img
            src={photo.thumbnailUrl}
            alt={depositPhotoAlt(index, photos.length)}
            width={480}
            height={320}
            className="deposit-photos__image"
            loading="lazy"
          />
        );
        return (
          <li key={photo.key} className="deposit-photos__item">
            {linked ? <a href={photo.url}>{image}</a> : image}
            {actions?.(photo, index)}
          </li>
        );
      })}
    </ul>
  );
}

interface DepositPhotosProps {
  code: string;
  status: DepositStatus;
  photos: DepositPhoto[];
  /** Staff and admins: add photos while the deposit is held or captured, remove one while it is held. */
  canEdit: boolean;
}

export function DepositPhotos({ code, status, photos, canEdit }: DepositPhotosProps) {
  const queryClient = useQueryClient();
  const remove = useDeleteDepositPhoto(code);
  const [removing, setRemoving] = useState<DepositPhoto | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const canAdd = canEdit && (status === 'held' || status === 'captured');
  const canRemove = canEdit && status === 'held';
  const removingIndex = removing === null ? -1 : photos.findIndex((photo) => photo.key === removing.key);

  const confirmRemove = () => {
    if (removing === null || remove.isPending) return;
    const place = removingIndex + 1;
    setFailure(null);
    // Resolved once the reservation is read again, so the photo (and the
    // button that opened the dialog) is gone and the focus goes to the heading.
    remove.mutate(removing.key, {
      onSuccess: () => {
        setRemoving(null);
        setAnnouncement(`Photo ${place} removed.`);
      },
      onError: (error) => {
        setRemoving(null);
        setFailure(`The photo was not removed: ${errorMessage(error)}`);
      },
    });
  };

  let summary: string;
  if (photos.length > 0) {
    summary = `${pluralize(photos.length, 'photo')} of at most ${maxDepositPhotos}.`;
    if (canAdd && photos.length >= maxDepositPhotos) summary += ' Remove one to add another.';
  } else if (canAdd || (canEdit && status === 'scheduled')) {
    summary =
      status === 'scheduled'
        ? 'Photos can be added once the deposit is held.'
        : "No photos yet. Add photos of any damage before capturing: the guest's e-mail links to them.";
  } else {
    summary = 'No photos.';
  }

  return (
    <div className="deposit-photos">
      <h3 id="reservation-deposit-photos" ref={headingRef} tabIndex={-1}>
        Photos
      </h3>
      <p className="console-muted">{summary}</p>
      {status === 'captured' && canAdd && (
        <p className="console-muted">Photos added now are not in the e-mail the guest was already sent.</p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <div role="alert" className={failure ? 'console-error' : undefined}>
        {failure}
      </div>
      {photos.length > 0 && (
        <DepositPhotoThumbnails
          photos={photos}
          labelledBy="reservation-deposit-photos"
          actions={
            canRemove
              ? (photo, index) => (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setRemoving(photo)}
                  >
                    Remove <span className="visually-hidden">{depositPhotoAlt(index, photos.length)}</span>
                  </button>
                )
              : undefined
          }
        />
      )}
      {canAdd && (
        <PhotoUploader
          upload={(file, options) => uploadDepositPhoto(code, file, options)}
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: reservationQueryOptions(code).queryKey })}
          doneText="Attached to the deposit"
          headingLevel={4}
        />
      )}
      {canRemove && (
        <ConsoleDialog
          open={removing !== null}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          title="Remove this photo?"
          closeLabel="Keep it"
          fallbackFocus={headingRef}
        >
          {removing !== null && (
            <>
              <img
                src={removing.thumbnailUrl}
                alt={depositPhotoAlt(removingIndex, photos.length)}
                width={480}
                height={320}
                className="deposit-photos__image"
              />
              <p>Photo {removingIndex + 1} leaves the deposit and its files are deleted. This cannot be undone.</p>
              <button
                type="button"
                className="button button--accent"
                disabled={remove.isPending}
                onClick={confirmRemove}
              >
                {remove.isPending ? 'Removing…' : 'Remove photo'}
              </button>
            </>
          )}
        </ConsoleDialog>
      )}
    </div>
  );
}
