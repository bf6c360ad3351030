// Console uploads with progress (ADR 026): home photos (photos/) and deposit
// photos (reservations/) both send their files through uploadFile, and so
// does an expense's receipt (reports/).
import { api, ApiError, type Parser } from '@/lib/api-client';

/** The multipart field the upload route reads its files from. */
export const uploadFieldName = 'files';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal | undefined;
  /** The file's part name, when the route reads another than `files` (an expense's `receipt`). */
  fieldName?: string;
  /** Text fields sent before the file (an expense's date, amount, memo). */
  fields?: Record<string, string>;
}

// Statuses whose answers have no body: a Response refuses one.
const bodiless = new Set([204, 205, 304]);

/**
 * Sends one multipart request through XMLHttpRequest, the only browser API
 * that reports an upload's progress, and answers what arrived as a Response
 * so the API client checks it like any other answer.
 */
function sendWithProgress(file: File, { onProgress, signal, fieldName = uploadFieldName, fields = {} }: UploadOptions) {
  return (url: string, token: string | null) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.setRequestHeader('Accept', 'application/json');
      if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
      const stopOnAbort = () => xhr.abort();
      signal?.addEventListener('abort', stopOnAbort);
      const settle = () => signal?.removeEventListener('abort', stopOnAbort);
      xhr.onload = () => {
        settle();
        resolve(
          new Response(bodiless.has(xhr.status) ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'text/plain' },
          }),
        );
      };
      xhr.onerror = () => {
        settle();
        reject(new ApiError(0, 'Could not reach the server. Please check your connection.'));
      };
      xhr.onabort = () => {
        settle();
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
      };
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append(fieldName, file, file.name);
      xhr.send(body);
    });
}

/**
 * POSTs one file to a console photo upload route (ADR 026) with its
 * progress, through the API client's token, refresh and error handling; the
 * answer is checked by `schema`. Every photo upload of the console uses it.
 */
export function uploadFile<T>(path: string, schema: Parser<T>, file: File, options: UploadOptions): Promise<T> {
  return api.requestWith('POST', path, schema, sendWithProgress(file, options));
}
