// The session's calls (SPEC.md section 4), loaded when the session first needs
// one: the check of a stored token, sign-in, sign-up and sign-out. The
// provider (components/auth-provider.tsx) is in every first download and
// holds only the session's state (ADR 048).
import type { RegisterRequest, SessionUser } from '@sas/domain';
import { browserTokenStore as tokens, type StoredTokens } from '@/lib/token-store';
import { checkSession } from './api/check-session';

/** The user of the stored token; a token the server refuses is forgotten. */
export async function checkStoredSession(): Promise<SessionUser> {
  try {
    return await checkSession();
  } catch (error) {
    tokens.clear();
    throw error;
  }
}

/** Stores the tokens and answers their user; tokens the server refuses are forgotten. */
export function signInWithTokens(newTokens: StoredTokens, remember: boolean): Promise<SessionUser> {
  tokens.save(newTokens, remember);
  return checkStoredSession();
}

/** The tokens for an e-mail and password (and the authenticator's code, when asked for). */
export async function passwordTokens(email: string, password: string, totpCode?: string): Promise<StoredTokens> {
  const { loginWithPassword } = await import('./api/login');
  return loginWithPassword({ email, password, ...(totpCode === undefined ? {} : { totpCode }) });
}

/** The tokens of a new account. */
export async function registrationTokens(input: RegisterRequest): Promise<StoredTokens> {
  const { registerAccount } = await import('./api/register');
  return registerAccount(input);
}

/** Asks the server to revoke the refresh token, then forgets the tokens; a refusal keeps them. */
export async function revokeSession(): Promise<void> {
  const { logoutRequest } = await import('./api/logout');
  await logoutRequest(tokens.getRefreshToken());
  tokens.clear();
}
