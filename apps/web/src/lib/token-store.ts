// Where the access and refresh tokens live between visits (SPEC.md section 3).
// Its own module: the app's start reads the stored token (is anyone signed
// in?) before the API client (api-client.ts) has loaded.

export const tokenStorageKey = 'token';
export const refreshTokenStorageKey = 'refreshToken';

export interface StoredTokens {
  token: string;
  /** Absent when a refresh answer keeps the current refresh token (SPEC.md section 3). */
  refreshToken?: string | undefined;
}

/** Where the access and refresh tokens live between visits. */
export interface TokenStore {
  getToken: () => string | null;
  getRefreshToken: () => string | null;
  /**
   * Saves a new pair. `remember: false` keeps them until the browser closes
   * ('Remember me' unticked); without `remember` they stay where they are.
   */
  save: (tokens: StoredTokens, remember?: boolean) => void;
  clear: () => void;
}

function localArea(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); browsing works without a session.
    return null;
  }
}

/** A session without 'Remember me' keeps its tokens in session cookies under these names (ADR 012). */
const sessionCookieNames: Record<string, string> = {
  [tokenStorageKey]: 'sas_session_token',
  [refreshTokenStorageKey]: 'sas_session_refresh',
};

function readSessionCookie(key: string): string | null {
  const name = sessionCookieNames[key];
  if (name === undefined || typeof document === 'undefined') return null;
  const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return entry === undefined ? null : decodeURIComponent(entry.slice(name.length + 1));
}

/**
 * A cookie without an expiry: every tab of the browser reads it, and it ends
 * when the browser does. Sent to this site only, and over HTTPS only where
 * the site is served so.
 */
function writeSessionCookie(key: string, value: string | null): void {
  const name = sessionCookieNames[key];
  if (name === undefined || typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = value === null ? '; Max-Age=0' : '';
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; Path=/; SameSite=Strict${secure}${lifetime}`;
}

function readKey(key: string): string | null {
  try {
    return localArea()?.getItem(key) ?? readSessionCookie(key);
  } catch {
    return null;
  }
}

/**
 * Tokens in local storage under 'token' and 'refreshToken' (SPEC.md section
 * 3). A sign-in without 'Remember me' keeps them in session cookies instead:
 * shared by the browser's tabs, as a remembered sign-in is, and gone when the
 * browser closes (issue 24; a tab's session storage signed a second tab out).
 */
export const browserTokenStore: TokenStore = {
  getToken: () => readKey(tokenStorageKey),
  getRefreshToken: () => readKey(refreshTokenStorageKey),
  save(tokens, remember) {
    const inSessionOnly = readSessionCookie(tokenStorageKey) !== null;
    const persist = remember ?? !inSessionOnly;
    const refreshToken = tokens.refreshToken ?? readKey(refreshTokenStorageKey);
    browserTokenStore.clear();
    try {
      if (persist) {
        localArea()?.setItem(tokenStorageKey, tokens.token);
        if (refreshToken !== null) localArea()?.setItem(refreshTokenStorageKey, refreshToken);
      } else {
        writeSessionCookie(tokenStorageKey, tokens.token);
        writeSessionCookie(refreshTokenStorageKey, refreshToken);
      }
    } catch {
      // Full or disabled storage: the session lasts as long as this page.
    }
  },
  clear() {
    for (const key of [tokenStorageKey, refreshTokenStorageKey]) {
      try {
        localArea()?.removeItem(key);
        // Where sessions without 'Remember me' were kept before (one tab only).
        window.sessionStorage.removeItem(key);
      } catch {
        // Nothing stored that could be removed.
      }
      writeSessionCookie(key, null);
    }
  },
};
