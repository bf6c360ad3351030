// Reading the stored tokens (SPEC.md section 3), all the app's start needs
// to know whether anyone is signed in: writing them (token-store.ts) loads
// with the session's code (ADR 048).

export const tokenStorageKey = 'token';
export const refreshTokenStorageKey = 'refreshToken';

export function localArea(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); browsing works without a session.
    return null;
  }
}

/** A session without 'Remember me' keeps its tokens in session cookies under these names (ADR 012). */
export const sessionCookieNames: Record<string, string> = {
  [tokenStorageKey]: 'sas_session_token',
  [refreshTokenStorageKey]: 'sas_session_refresh',
};

export function readSessionCookie(key: string): string | null {
  const name = sessionCookieNames[key];
  if (name === undefined || typeof document === 'undefined') return null;
  const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return entry === undefined ? null : decodeURIComponent(entry.slice(name.length + 1));
}

export function readKey(key: string): string | null {
  try {
    return localArea()?.getItem(key) ?? readSessionCookie(key);
  } catch {
    return null;
  }
}

/** The stored access token, if any. */
export function storedToken(): string | null {
  return readKey(tokenStorageKey);
}
