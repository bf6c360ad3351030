import { useId, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { acceptedPhotoFormats, maxPhotoUploadBytes } from '@sas/domain';
import type { UploadOptions } from '../api/upload-file';
import './photo-uploader.css';

type UploadState =
  | { status: 'waiting' }
  | { status: 'uploading'; loaded: number; total: number }
  | { status: 'processing' }
  | { status: 'done' }
  | { status: 'failed'; message: string };

interface Upload {
  key: number;
  file: File;
  /** What the browser can tell before sending; the server has the last word. */
  hint: string | null;
  state: UploadState;
}

const acceptedTypes = acceptedPhotoFormats.map((format) => `image/${format}`);
const maxMegabytes = maxPhotoUploadBytes / (1024 * 1024);

function hintFor(file: File): string | null {
  const hints: string[] = [];
  // HEIC often arrives without a type; its extension is the only clue.
  const looksLikePhoto = acceptedTypes.includes(file.type) || (file.type === '' && /\.(heic|heif)$/i.test(file.name));
  if (!looksLikePhoto) hints.push('This may not be a JPEG, PNG, WebP, AVIF or HEIC photo.');
  if (file.size > maxPhotoUploadBytes) hints.push(`It is larger than ${maxMegabytes} MB.`);
  return hints.length > 0 ? hints.join(' ') : null;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function stateText(state: UploadState, doneText: string): string {
  switch (state.status) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return `Uploading, ${state.total === 0 ? 0 : Math.round((state.loaded / state.total) * 100)}%`;
    case 'processing':
      return 'Uploaded, making the web sizes...';
    case 'done':
      return doneText;
    case 'failed':
      return `Not added: ${state.message}`;
  }
}

interface PhotoUploaderProps<T> {
  /** Sends one file (uploadFile, or a helper built on it) and answers what the server stored. */
  upload: (file: File, options: UploadOptions) => Promise<T>;
  /** Called after each photo is stored, with what the server answered. */
  onUploaded: (stored: T) => void;
  /** Said beside a file once it is stored. */
  doneText?: string;
  /** The heading of the uploads list, one level below the section's. */
  headingLevel?: 3 | 4;
}

/**
 * Drop several photos or pick them: each is sent on its own, one after the
 * other, with its own progress bar and its own answer. Type and size are
 * hinted here but every file is sent: the server reads the content and its
 * 413, 415 or 422 message is shown beside the file. A home's photos and a
 * deposit's photos both use it.
 */
export function PhotoUploader<T>({
  upload: sendFile,
  onUploaded,
  doneText = 'Added to the photos',
  headingLevel = 3,
}: PhotoUploaderProps<T>) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(0);
  const instructionsId = useId();

  const setState = (key: number, state: UploadState) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, state } : u)));

  const send = async (upload: Upload) => {
    setState(upload.key, { status: 'uploading', loaded: 0, total: upload.file.size });
    try {
      const stored = await sendFile(upload.file, {
        onProgress: ({ loaded, total }) =>
          setState(upload.key, loaded >= total ? { status: 'processing' } : { status: 'uploading', loaded, total }),
      });
      setState(upload.key, { status: 'done' });
      onUploaded(stored);
    } catch (error) {
      setState(upload.key, { status: 'failed', message: error instanceof Error ? error.message : 'Upload failed' });
    }
  };

  const onDrop = (files: File[]) => {
    const added = files.map((file) => {
      nextKey.current += 1;
      return { key: nextKey.current, file, hint: hintFor(file), state: { status: 'waiting' } } satisfies Upload;
    });
    setUploads((current) => [...current, ...added]);
    for (const upload of added) queue.current = queue.current.then(() => send(upload));
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    // Every file goes to the server, which decides; the picker still offers photos first.
    noClick: true,
    noKeyboard: true,
  });

  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const finished = uploads.filter((u) => u.state.status === 'done' || u.state.status === 'failed');
  const added = uploads.filter((u) => u.state.status === 'done').length;

  return (
    <div className="photo-uploader">
      <div
        {...getRootProps({ className: `photo-uploader__zone${isDragActive ? ' photo-uploader__zone--active' : ''}` })}
      >
        <input
          {...getInputProps({
            accept: [...acceptedTypes, '.heic', '.heif'].join(','),
            'aria-describedby': instructionsId,
          })}
          aria-label="Choose photos to upload"
        />
        <p id={instructionsId}>
          {isDragActive
            ? 'Drop the photos to upload them.'
            : `Drag photos here, or choose them. JPEG, PNG, WebP, AVIF or HEIC, up to ${maxMegabytes} MB and 50 megapixels each.`}
        </p>
        <button type="button" className="button button--secondary" onClick={open}>
          Choose photos
        </button>
      </div>
      {uploads.length > 0 && (
        <>
          <Heading>Uploads</Heading>
          <p role="status" className="console-muted">
            {finished.length === uploads.length
              ? `${added} of ${uploads.length} photos added.`
              : `Uploading ${finished.length + 1} of ${uploads.length}...`}
          </p>
          <ul className="photo-uploader__list">
            {uploads.map((upload) => {
              const labelId = `upload-${upload.key}-name`;
              const state = upload.state;
              return (
                <li key={upload.key} className={`photo-uploader__item photo-uploader__item--${state.status}`}>
                  <span id={labelId} className="photo-uploader__name">
                    {upload.file.name}
                  </span>{' '}
                  <span className="console-muted">({formatSize(upload.file.size)})</span>
                  {(state.status === 'uploading' || state.status === 'processing') && (
                    <progress
                      aria-labelledby={labelId}
                      max={state.status === 'uploading' ? state.total : undefined}
                      value={state.status === 'uploading' ? state.loaded : undefined}
                    />
                  )}
                  {upload.hint !== null && state.status !== 'done' && state.status !== 'failed' && (
                    <p className="console-muted">{upload.hint}</p>
                  )}
                  <p role={state.status === 'failed' ? 'alert' : undefined} className="photo-uploader__state">
                    {stateText(state, doneText)}
                  </p>
                </li>
              );
            })}
          </ul>
          {finished.length > 0 && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setUploads((current) => current.filter((u) => !finished.includes(u)))}
            >
              Clear finished uploads
            </button>
          )}
        </>
      )}
    </div>
  );
}
