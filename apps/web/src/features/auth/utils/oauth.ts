// Social sign-in (SPEC.md section 7): a popup runs the provider's flow and
// lands on /oauth-redirect with the outcome in its URL fragment, which it
// hands to the window that opened it as a same-origin message.
import { oauthRedirectPath, type SocialProvider } from '@sas/domain';
import type { StoredTokens } from '@/lib/api-client';

export type OAuthMessage = { type: 'oauth'; token: string; refreshToken?: string } | { type: 'oauth'; error: string };

/** Where the popup starts; google has its own path (SPEC.md section 7). */
export function socialLoginUrl(provider: SocialProvider, origin: string): string {
  const redirect = new URLSearchParams({ redirect_uri: `${origin}${oauthRedirectPath}` }).toString();
  return provider === 'google'
    ? `/api/oauth2/authorization/google?${redirect}`
    : `/api/oauth2/authorize/${provider}?${redirect}`;
}

/** The popup's result from `#token=...&refreshToken=...` or `#error=...`; null without either. */
export function readOAuthFragment(hash: string): OAuthMessage | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error');
  if (error !== null) return { type: 'oauth', error: error === '' ? 'Unknown error' : error };
  const token = params.get('token');
  if (token === null || token === '') return null;
  const refreshToken = params.get('refreshToken');
  return refreshToken === null || refreshToken === ''
    ? { type: 'oauth', token }
    : { type: 'oauth', token, refreshToken };
}

/** A message event's data, if it is our popup's result. */
export function asOAuthMessage(data: unknown): OAuthMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== 'oauth') return null;
  if (typeof message.error === 'string') return { type: 'oauth', error: message.error };
  if (typeof message.token !== 'string' || message.token === '') return null;
  return typeof message.refreshToken === 'string'
    ? { type: 'oauth', token: message.token, refreshToken: message.refreshToken }
    : { type: 'oauth', token: message.token };
}

export function tokensOf(message: OAuthMessage): StoredTokens | null {
  return 'token' in message ? { token: message.token, refreshToken: message.refreshToken } : null;
}
