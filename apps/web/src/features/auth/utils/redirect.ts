/**
 * Where to go after signing in: the page the /reservations guard recorded in
 * `?redirectTo=`, else the home page. Only a path on this site is accepted,
 * so a crafted link cannot send a fresh session to another host.
 */
export function returnPath(search: string, fallback = '/'): string {
  const wanted = new URLSearchParams(search).get('redirectTo');
  if (wanted === null || !wanted.startsWith('/') || wanted.startsWith('//') || wanted.includes('\\')) return fallback;
  return wanted;
}

/** `path` with the same `?redirectTo=` as `search`, so the origin survives a detour (login to sign-up and back). */
export function withReturnPath(path: string, search: string): string {
  const wanted = new URLSearchParams(search).get('redirectTo');
  return wanted === null ? path : `${path}?${new URLSearchParams({ redirectTo: wanted }).toString()}`;
}
