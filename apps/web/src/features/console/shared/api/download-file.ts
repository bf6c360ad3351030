import { ApiError, apiBasePath, api, browserTokenStore } from '@/lib/api-client';

function fetchWithToken(url: string) {
  const token = browserTokenStore.getToken();
  return fetch(url, { headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
}

/** The file name the server gives in Content-Disposition, else the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallback;
}

/**
 * GET a file from the API (`path` under /api, with its query) and hand it to
 * the browser as a download. A link cannot carry the bearer token, so the
 * file is fetched; an expired token is renewed once through the API client.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const url = `${apiBasePath}${path}`;
  let response = await fetchWithToken(url);
  if (response.status === 401) {
    // Any authenticated call makes the client trade the refresh token for a new one.
    await api.request('/check-session', { parse: () => undefined });
    response = await fetchWithToken(url);
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
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the object URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
