// Social sign-in end to end against a real local OpenID provider
// (oauth2-mock-server): our authorize redirect, its authorize endpoint (which
// approves at once), our callback exchanging the code with PKCE, verifying
// the id_token against its keys, and the popup page's URL fragment.
import { userIdentities, users } from '@sas/db';
import { socialSignInTotpMessage } from '@sas/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let provider: OAuth2Server;
let google: FastifyInstance;
/** The person the provider signs in next: claims added to its tokens. */
let nextPerson: Record<string, unknown> = {};

const redirectUri = 'http://localhost:3000/oauth-redirect';

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, nextPerson);
  });
  t = await buildTestApp({}, { seed: false });
  const issuer = provider.issuer.url ?? '';
  google = (
    await t.buildAnotherApp({
      OAUTH_GOOGLE_CLIENT_ID: 'sas-test-client',
      OAUTH_GOOGLE_CLIENT_SECRET: 'sas-test-secret',
      OAUTH_GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      OAUTH_GOOGLE_TOKEN_URL: `${issuer}/token`,
      OAUTH_GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      OAUTH_GOOGLE_ISSUER: issuer,
      OAUTH_GOOGLE_JWKS_URL: `${issuer}/jwks`,
    })
  ).app;
});

afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';', 1)[0]).join('; ');
}

/** Runs the whole flow as the popup would; returns where it ends. */
async function signInWithGoogle(path = '/api/oauth2/authorize/google') {
  const start = await google.inject({ method: 'GET', url: `${path}?redirect_uri=${encodeURIComponent(redirectUri)}` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
  expect(authorize.searchParams.get('state')).toBeTruthy();
  const cookie = cookieHeader(start.headers['set-cookie']);
  expect(start.headers['set-cookie']).toEqual(expect.stringMatching(/HttpOnly/i) as unknown);

  // The provider approves at once and sends the browser to our callback.
  const approved = await fetch(authorize, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/api/oauth2/callback/google');

  const done = await google.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie },
  });
  expect(done.statusCode).toBe(302);
  const end = new URL(String(done.headers.location));
  return { end, fragment: new URLSearchParams(end.hash.slice(1)), cookie, callback };
}

describe('social sign-in with google', () => {
  it('creates the account and hands the popup tokens that work', async () => {
    const email = `social-${Date.now()}@example.com`;
    nextPerson = { sub: 'google-user-1', email, email_verified: true, given_name: 'Mae', family_name: 'Jemison' };
    const { end, fragment } = await signInWithGoogle();
    expect(`${end.origin}${end.pathname}`).toBe(redirectUri);
    expect(fragment.get('error')).toBeNull();
    const token = fragment.get('token');
    expect(fragment.get('refreshToken')).toBeTruthy();

    const session = await google.inject({
      method: 'GET',
      url: '/api/check-session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      email,
      firstName: 'Mae',
      lastName: 'Jemison',
      role: 'guest',
      isGuest: true,
    });

    // The same person again: the same account, found by provider and subject.
    nextPerson = { sub: 'google-user-1', email: `changed-${email}`, email_verified: true };
    const again = await signInWithGoogle('/api/oauth2/authorization/google');
    const second = await google.inject({
      method: 'GET',
      url: '/api/check-session',
      headers: { authorization: `Bearer ${again.fragment.get('token')}` },
    });
    expect(second.json<{ id: string }>().id).toBe(session.json<{ id: string }>().id);
  });

  it('links an existing account only when the provider vouches for the e-mail', async () => {
    const email = `linked-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' },
    });

    nextPerson = { sub: 'google-user-unverified', email: email.toUpperCase(), email_verified: false };
    const refused = await signInWithGoogle();
    expect(refused.fragment.get('token')).toBeNull();
    expect(refused.fragment.get('error')).toMatch(/did not share a verified e-mail address/);

    nextPerson = { sub: 'google-user-verified', email: email.toUpperCase(), email_verified: true };
    const linked = await signInWithGoogle();
    expect(linked.fragment.get('token')).toBeTruthy();
    const [row] = await t.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(eq(userIdentities.subject, 'google-user-verified'));
    const [account] = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(row?.userId).toBe(account?.id);
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a callback whose state does not match, or that comes without the flow cookie', async () => {
    nextPerson = { sub: 'google-user-state', email: `state-${Date.now()}@example.com`, email_verified: true };
    const start = await google.inject({
      method: 'GET',
      url: `/api/oauth2/authorize/google?redirect_uri=${encodeURIComponent(redirectUri)}`,
    });
    const cookie = cookieHeader(start.headers['set-cookie']);
    const approved = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location') ?? '');

    const forged = new URL(callback);
    forged.searchParams.set('state', 'someone-elses-state');
    for (const [url, headers] of [
      [`${forged.pathname}${forged.search}`, { cookie }],
      [`${callback.pathname}${callback.search}`, {}],
      [`${callback.pathname}${callback.search}`, { cookie: cookie.replace(/.$/, 'x') }],
    ] as const) {
      const response = await google.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(302);
      const end = new URL(String(response.headers.location));
      expect(`${end.origin}${end.pathname}`).toBe(redirectUri);
      expect(new URLSearchParams(end.hash.slice(1)).get('error')).toBe(
        'Your sign-in took too long or was started in another window. Please try again.',
      );
    }
  });

  it('ends at the popup page with a message when the provider refuses', async () => {
    const start = await google.inject({
      method: 'GET',
      url: `/api/oauth2/authorize/google?redirect_uri=${encodeURIComponent(redirectUri)}`,
    });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const response = await google.inject({
      method: 'GET',
      url: `/api/oauth2/callback/google?error=access_denied&state=${state}`,
      headers: { cookie: cookieHeader(start.headers['set-cookie']) },
    });
    expect(response.statusCode).toBe(302);
    expect(decodeURIComponent(new URL(String(response.headers.location)).hash)).toBe(
      '#error=Google sign-in was cancelled.',
    );
  });
});

describe('social sign-in errors', () => {
  it('sends an unconfigured provider back to the popup with a clear message', async () => {
    for (const [path, label] of [
      ['/api/oauth2/authorize/facebook', 'Facebook'],
      ['/api/oauth2/authorize/apple', 'Apple'],
      ['/api/oauth2/authorization/google', 'Google'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${path}?redirect_uri=${encodeURIComponent(redirectUri)}`,
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(
        `${redirectUri}#error=${encodeURIComponent(`${label} sign-in is not configured.`)}`,
      );
    }
  });

  it('refuses a redirect_uri that is not this site’s popup page, and unknown providers', async () => {
    for (const bad of [
      'https://evil.example/oauth-redirect',
      'http://localhost:3000/dashboard',
      'http://localhost:3001/oauth-redirect',
      'javascript:alert(1)',
      'not a url',
      '',
    ]) {
      const response = await google.inject({
        method: 'GET',
        url: `/api/oauth2/authorize/google?redirect_uri=${encodeURIComponent(bad)}`,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ message: string }>().message, bad).toMatch(/redirect_uri/);
    }
    expect((await google.inject({ method: 'GET', url: '/api/oauth2/authorize/google' })).statusCode).toBe(400);

    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/oauth2/authorize/myspace?redirect_uri=${encodeURIComponent(redirectUri)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'This sign-in provider is not supported. Use google, facebook or apple.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth2/callback/myspace?code=x&state=y' })).statusCode).toBe(
      404,
    );
  });
});

describe('social sign-in and two-step sign-in', () => {
  it('refuses an account with an authenticator code: the provider cannot vouch for it', async () => {
    const email = `two-step-${Date.now()}@example.com`;
    await t.db
      .insert(users)
      .values({ email, role: 'staff', totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() });
    nextPerson = { sub: 'google-two-step', email, email_verified: true };
    const { fragment } = await signInWithGoogle();
    expect(fragment.get('token')).toBeNull();
    expect(fragment.get('error')).toBe(socialSignInTotpMessage);
  });
});
