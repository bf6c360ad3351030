// Where the access and refresh tokens live between visits (SPEC.md section 3):
// the API client and the session's sign-in and sign-out write them; reading
// them, all the app's start does, is token-read.ts.
import {
  localArea,
  readKey,
  readSessionCookie,
  refreshTokenStorageKey,
  sessionCookieNames,
  tokenStorageKey,
} from './token-read';

export { refreshTokenStorageKey, tokenStorageKey } from './token-read';

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
