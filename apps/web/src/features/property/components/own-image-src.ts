/**
 * `url` when it is a path on our own site (e.g. /media/places/...), else null.
 * The server's Content-Security-Policy allows images from 'self' only, so a
 * third-party picture in imported data (a reviewer's profile photo) would be
 * refused by the browser anyway; asking for it would only log an error.
 */
export function ownImageSrc(url: string | null): string | null {
  if (url === null) return null;
  const value = url.trim();
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null;
}
