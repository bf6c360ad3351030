// The session (SPEC.md section 4): the stored token is checked at start,
// sign-in and sign-up store the tokens and set the user, sign-out asks the
// server to revoke the refresh token first. This module is in every first
// download (home page budget: 100 kB of JavaScript), so it holds no call to
// the API: the session check and the API client load when there is a stored
// token to check, and the sign-in, sign-up and sign-out calls (and the zod
// runtime their contracts need) when someone uses them. A guest who never
// signed in downloads none of them on a page that asks the API nothing.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RegisterRequest, SessionUser } from '@sas/domain';
import { storedToken } from '@/lib/token-read';
import type { StoredTokens } from '@/lib/token-store';
import { onServerPage } from '@/lib/server-page';
import { anonymousSession, SessionContext, type Session } from '@/lib/session';
import { accountQueryKey } from '../api/account-query-keys';

/** The session's calls, loaded when the session first needs one. */
const sessionActions = () => import('../session-actions');

export interface LoginOptions {
  /** 'Remember me': keep the session after the browser closes. */
  remember?: boolean;
}

export interface PasswordLoginOptions extends LoginOptions {
  /** The authenticator code, for an account with two-step sign-in. */
  totpCode?: string | undefined;
}

export interface AuthContextValue extends Session {
  /** Resolves with the signed-in user; a 401 with code `totp_required` asks for the authenticator code. */
  login: (email: string, password: string, options?: PasswordLoginOptions) => Promise<SessionUser>;
  register: (input: RegisterRequest) => Promise<void>;
  /** Signs in with tokens obtained elsewhere: the social-login popup, an accepted invitation. */
  signInWithTokens: (tokens: StoredTokens, options?: LoginOptions) => Promise<SessionUser>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Moves to `path` once its page's code is there, making `alongside` in the same
 * transition as the move (app/history-router.tsx navigateTo).
 */
export type AppNavigate = (path: string, alongside?: () => void) => void | Promise<void>;

interface AuthProviderProps {
  children: ReactNode;
  /**
   * Moves to another page; sign-out goes to /login with it. The provider sits
   * above the router (it wraps every page), so the app passes the router's own.
   */
  navigate?: AppNavigate;
}

export function AuthProvider({ children, navigate }: AuthProviderProps) {
  const queryClient = useQueryClient();
  // The server's page was drawn for nobody in particular, and hydrating it
  // must draw the same; the stored token is read after, in a task of its own
  // (a page's first read of local storage can wait on the browser: ADR 048).
  const [session, setSession] = useState<Session>(() =>
    onServerPage() || storedToken() === null ? anonymousSession : { user: null, status: 'loading' },
  );

  const forgetAccountData = useCallback(() => {
    queryClient.removeQueries({ queryKey: accountQueryKey });
  }, [queryClient]);

  useEffect(() => {
    let current = true;
    const check = () => {
      if (storedToken() === null) return;
      setSession((now) => (now.status === 'anonymous' ? { user: null, status: 'loading' } : now));
      sessionActions()
        .then((actions) => actions.checkStoredSession())
        .then(
          (user) => {
            if (current) setSession({ user, status: 'authenticated' });
          },
          (error: unknown) => {
            console.error('Session check failed', error);
            if (current) setSession(anonymousSession);
          },
        );
    };
    if (!onServerPage()) {
      check();
      return () => {
        current = false;
      };
    }
    const later = setTimeout(check, 0);
    return () => {
      current = false;
      clearTimeout(later);
    };
  }, []);

  // The server refused the refresh token (expired, revoked): whoever was
  // signed in is not any more. Only a session with a token can end so.
  const withToken = session.status !== 'anonymous';
  useEffect(() => {
    if (!withToken) return;
    let current = true;
    let stopListening: (() => void) | undefined;
    void import('@/lib/api-client').then(({ api }) => {
      if (!current) return;
      stopListening = api.onSessionEnd(() => {
        forgetAccountData();
        setSession(anonymousSession);
      });
    });
    return () => {
      current = false;
      stopListening?.();
    };
  }, [withToken, forgetAccountData]);

  const signInWithTokens = useCallback(
    async (newTokens: StoredTokens, { remember = true }: LoginOptions = {}) => {
      const user = await (await sessionActions()).signInWithTokens(newTokens, remember);
      forgetAccountData();
      setSession({ user, status: 'authenticated' });
      return user;
    },
    [forgetAccountData],
  );

  const login = useCallback(
    async (email: string, password: string, { totpCode, ...options }: PasswordLoginOptions = {}) => {
      const answer = await (await sessionActions()).passwordTokens(email, password, totpCode);
      return signInWithTokens(answer, options);
    },
    [signInWithTokens],
  );

  const register = useCallback(
    async (input: RegisterRequest) => {
      const answer = await (await sessionActions()).registrationTokens(input);
      await signInWithTokens(answer, { remember: true });
    },
    [signInWithTokens],
  );

  const logout = useCallback(async () => {
    try {
      await (await sessionActions()).revokeSession();
    } catch (error) {
      // SPEC.md section 4: the user stays signed in and may try again.
      console.error('Logout failed', error);
      return;
    }
    forgetAccountData();
    // Leave the page as the user goes: a members-only page seeing the user gone
    // would otherwise send them to /login with itself as the page to return to.
    // The move and the cleared user are one transition, drawn together.
    const signedOut = () => setSession(anonymousSession);
    if (navigate) await navigate('/login', signedOut);
    else startTransition(signedOut);
  }, [forgetAccountData, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...session, login, register, signInWithTokens, logout }),
    [session, login, register, signInWithTokens, logout],
  );

  return (
    <AuthContext value={value}>
      <SessionContext value={session}>{children}</SessionContext>
    </AuthContext>
  );
}

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
