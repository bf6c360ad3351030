import { useEffect, useRef, useState, type FormEvent } from 'react';
import { maxPhotoAltLength, type AdminPhoto } from '@sas/domain';
import { Modal } from '@/components/modal';
import { useDeletePhoto } from '../api/delete-photo';
import { useReorderPhotos } from '../api/reorder-photos';
import { useUpdatePhotoAlt } from '../api/update-photo-alt';

interface PhotoListProps {
  homeId: string;
  photos: AdminPhoto[];
  /** The home's photos changed: `photos` when the server answered them, else reload them. */
  onChanged: (photos?: AdminPhoto[]) => void;
}

/** How a photo is named to a screen reader: its place, and its alt text when it has one. */
function photoName(photo: AdminPhoto, index: number): string {
  return photo.alt.trim() === '' ? `photo ${index + 1}` : `photo ${index + 1} (${photo.alt})`;
}

function AltTextForm({
  photo,
  index,
  onChanged,
}: { photo: AdminPhoto; index: number } & Pick<PhotoListProps, 'onChanged'>) {
  const [alt, setAlt] = useState(photo.alt);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const update = useUpdatePhotoAlt();
  const inputId = `photo-alt-${photo.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    update.mutate(
      { photoId: photo.id, alt },
      {
        onSuccess: (photos) => {
          setMessage({ ok: true, text: 'Alt text saved.' });
          onChanged(photos);
        },
        onError: (error) => setMessage({ ok: false, text: error.message }),
      },
    );
  };

  return (
    <form className="photo-list__alt" onSubmit={submit}>
      <div className="console-field">
        <label htmlFor={inputId}>Alt text of photo {index + 1}</label>
        <input
          id={inputId}
          value={alt}
          maxLength={maxPhotoAltLength}
          aria-invalid={message?.ok === false ? true : undefined}
          onChange={(event) => {
            setAlt(event.target.value);
            setMessage(null);
          }}
        />
      </div>
      <button type="submit" className="button button--secondary button--small" disabled={update.isPending}>
        Save alt text <span className="visually-hidden">of photo {index + 1}</span>
      </button>
      <p role="status" className={message?.ok === false ? 'console-error' : 'console-muted'}>
        {message?.text}
      </p>
    </form>
  );
}

/**
 * The home's photos in their public order, the first being the cover. Move
 * up and Move down reorder them from the keyboard (ADR 026); focus stays on
 * the moved photo's button and the new place is announced.
 */
export function PhotoList({ homeId, photos, onChanged }: PhotoListProps) {
  // The order on screen while the server is saving it.
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminPhoto | null>(null);
  const latestOrder = useRef<string[] | null>(null);
  const focusAfterMove = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const reorder = useReorderPhotos(homeId);
  const remove = useDeletePhoto();

  const byId = new Map(photos.map((p) => [p.id, p]));
  const shown = pendingOrder?.map((id) => byId.get(id)).filter((p): p is AdminPhoto => p !== undefined) ?? photos;

  useEffect(() => {
    const target = focusAfterMove.current;
    if (target === null) return;
    focusAfterMove.current = null;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-photo-id="${target.id}"]`);
    // At either end the button it used is disabled: the other one takes the focus.
    const preferred = item?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not(:disabled)`);
    (preferred ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  });

  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const ids = shown.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined || to < 0 || to > ids.length) return;
    ids.splice(to, 0, moved);
    setPendingOrder(ids);
    latestOrder.current = ids;
    setFailure(null);
    focusAfterMove.current = { id: moved, direction };
    const photo = byId.get(moved);
    setAnnouncement(
      `${photo ? photoName(photo, index) : 'Photo'} moved to position ${to + 1} of ${ids.length}${to === 0 ? ', the cover' : ''}.`,
    );
    reorder.mutate(ids, {
      onSuccess: (stored) => {
        // A later move is queued behind this one: its order is the one to keep on screen.
        if (latestOrder.current !== ids) return;
        latestOrder.current = null;
        setPendingOrder(null);
        onChanged(stored);
      },
      onError: (error) => {
        latestOrder.current = null;
        setPendingOrder(null);
        setFailure(`The order was not saved: ${error.message}`);
        onChanged();
      },
    });
  };

  const confirmDelete = () => {
    if (deleting === null) return;
    const photo = deleting;
    remove.mutate(photo.id, {
      onSuccess: () => {
        setDeleting(null);
        setAnnouncement('Photo deleted.');
        onChanged();
      },
      onError: (error) => {
        setDeleting(null);
        setFailure(`The photo was not deleted: ${error.message}`);
      },
    });
  };

  const deletingIndex = deleting === null ? -1 : shown.findIndex((p) => p.id === deleting.id);

  return (
    <div className="photo-list">
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <div role="alert" className={failure ? 'console-error' : undefined}>
        {failure}
      </div>
      {shown.length === 0 ? (
        <p className="console-muted">No photos yet. The first photo becomes the cover.</p>
      ) : (
        <ol className="photo-list__items" ref={listRef}>
          {shown.map((photo, index) => (
            <li key={photo.id} className="photo-list__item" data-photo-id={photo.id}>
              <img
                src={photo.thumbnailUrl}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                className="photo-list__image"
                loading="lazy"
              />
              <p className="photo-list__position">
                {index === 0 ? 'Photo 1, the cover' : `Photo ${index + 1}`} of {shown.length}
              </p>
              <div className="console-button-row">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-move="up"
                  disabled={index === 0}
                  onClick={() => move(index, 'up')}
                >
                  Move up <span className="visually-hidden">{photoName(photo, index)}</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-move="down"
                  disabled={index === shown.length - 1}
                  onClick={() => move(index, 'down')}
                >
                  Move down <span className="visually-hidden">{photoName(photo, index)}</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setDeleting(photo)}
                >
                  Delete <span className="visually-hidden">{photoName(photo, index)}</span>
                </button>
              </div>
              <AltTextForm key={photo.id} photo={photo} index={index} onChanged={onChanged} />
            </li>
          ))}
        </ol>
      )}
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this photo?"
        closeLabel="Cancel"
      >
        {deleting !== null && (
          <>
            <img src={deleting.thumbnailUrl} alt={deleting.alt} className="photo-list__image" />
            <p>
              Photo {deletingIndex + 1} leaves the home&apos;s gallery and its files are removed. This cannot be undone.
            </p>
            <button type="button" className="button button--accent" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending ? 'Deleting...' : 'Delete photo'}
            </button>
          </>
        )}
      </Modal>
    </div>
  );
}
