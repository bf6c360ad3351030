import type { AdminReservationQuery } from '@sas/domain';
import { ApiError, apiBasePath, api, browserTokenStore } from '@/lib/api-client';

const csvPath = '/admin/reservations.csv';

function csvUrl(query: AdminReservationQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return `${apiBasePath}${csvPath}${search === '' ? '' : `?${search}`}`;
}

function download(url: string) {
  const token = browserTokenStore.getToken();
  return fetch(url, { headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
}

/** The file name the server gives in Content-Disposition, else one of our own. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'reservations.csv';
}

/**
 * GET /api/admin/reservations.csv with the list's filters. A link cannot
 * carry the bearer token, so the file is fetched and handed to the browser
 * as a download. An expired token is renewed once through the API client.
 */
export async function exportReservationsCsv(query: AdminReservationQuery): Promise<void> {
  const url = csvUrl(query);
  let response = await download(url);
  if (response.status === 401) {
    // Any authenticated call makes the client trade the refresh token for a new one.
    await api.request('/check-session', { parse: () => undefined });
    response = await download(url);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
    throw new ApiError(response.status, message);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the object URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
