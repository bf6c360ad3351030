import { emailOutbox, passwordResetTokens, refreshTokens, users } from '@sas/db';
import { insertProperty } from '@sas/db/testing';
import {
  emailTakenMessage,
  forgotPasswordAcceptedMessage,
  invalidCredentialsMessage,
  invalidResetTokenMessage,
  passwordResetDoneMessage,
  sessionUserSchema,
} from '@sas/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  // Generous limits here; the rate-limit tests build their own app with small ones.
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '10000' }, { seed: false });
});

afterAll(async () => {
  await t?.close();
});

function uniqueEmail(): string {
  counter += 1;
  return `guest-${Date.now()}-${counter}@example.com`;
}

const password = 'correct horse battery';

async function post(url: string, payload: unknown, headers: Record<string, string> = {}, app = t.app) {
  const response = await app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: response.statusCode, body: response.body === '' ? null : response.json<Record<string, unknown>>() };
}

async function register(overrides: Record<string, unknown> = {}, app?: FastifyInstance) {
  return post(
    '/api/auth/register',
    { email: uniqueEmail(), password, firstName: 'Grace', lastName: 'Hopper', ...overrides },
    {},
    app,
  );
}

async function registered() {
  const email = uniqueEmail();
  const response = await register({ email });
  expect(response.status).toBe(201);
  const body = response.body as { token: string; refreshToken: string };
  return { email, token: body.token, refreshToken: body.refreshToken };
}

async function checkSession(token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/check-session',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('POST /api/auth/register', () => {
  it('creates a guest account, hashes the password with argon2id and signs the guest in', async () => {
    const email = uniqueEmail();
    const response = await register({ email });
    expect(response).toMatchObject({ status: 201, body: { email, isGuest: true } });
    const body = response.body as { token: string; refreshToken: string };
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[\w-]{43,}$/);

    const session = await checkSession(body.token);
    expect(session.status).toBe(200);
    expect(sessionUserSchema.parse(session.body)).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'guest',
      isGuest: true,
    });

    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(password);
    // Only the digest of the refresh token is stored.
    const stored = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, row?.id ?? ''));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(body.refreshToken);
  });

  it('answers 409 for an e-mail that is already registered, whatever its case', async () => {
    const { email } = await registered();
    const again = await register({ email: email.toUpperCase() });
    expect(again).toEqual({ status: 409, body: { message: emailTakenMessage } });
  });

  it('refuses bad input with a 400 and a message that names the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ password: 'short' }, /password must be at least 8 characters/],
      [{ email: 'not-an-email' }, /email must be a valid e/],
      [{ firstName: '   ' }, /^firstName /],
      [{ lastName: undefined }, /lastName/],
      [{ password: 'x'.repeat(300) }, /password must be at most 256 characters/],
      [{ email: 42 }, /email/],
    ];
    for (const [overrides, message] of cases) {
      const response = await register(overrides);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(String(response.body?.message), JSON.stringify(overrides)).toMatch(message);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'The request body is not valid JSON' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the case of the e-mail', async () => {
    const { email } = await registered();
    const response = await post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(response).toMatchObject({ status: 200, body: { email } });
    expect((await checkSession(String(response.body?.token))).body).toMatchObject({ email });
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { email } = await registered();
    const wrong = await post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail(), password });
    expect(wrong).toEqual({ status: 401, body: { message: invalidCredentialsMessage } });
    expect(unknown).toEqual(wrong);
  });

  it('refuses an empty password or a missing e-mail with a 400', async () => {
    expect(await post('/api/auth/login', { email: uniqueEmail(), password: '' })).toEqual({
      status: 400,
      body: { message: expect.stringMatching(/^password /) as unknown },
    });
    expect((await post('/api/auth/login', { password })).status).toBe(400);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: the new pair works, the old refresh token does not', async () => {
    const first = await registered();
    const rotated = await post('/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(rotated.status).toBe(200);
    const next = rotated.body as { token: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await checkSession(next.token)).status).toBe(200);

    const third = await post('/api/auth/refresh', { refreshToken: next.refreshToken });
    expect(third.status).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back', async () => {
    const stolen = await registered();
    const legitimate = await post('/api/auth/refresh', { refreshToken: stolen.refreshToken });
    const current = (legitimate.body as { refreshToken: string }).refreshToken;

    // The thief replays the old token: refused, and the chain is cut.
    const replay = await post('/api/auth/refresh', { refreshToken: stolen.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: expect.any(String) as unknown });
    // The newest token of the family, never used, no longer works either.
    expect((await post('/api/auth/refresh', { refreshToken: current })).status).toBe(401);
  });

  it('refuses unknown, expired and malformed tokens', async () => {
    expect((await post('/api/auth/refresh', { refreshToken: 'no-such-token' })).status).toBe(401);
    const session = await registered();
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(
        eq(
          refreshTokens.userId,
          sql`(SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) = ${session.email})`,
        ),
      );
    expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    expect(await post('/api/auth/refresh', {})).toEqual({
      status: 400,
      body: { message: expect.stringMatching(/^refreshToken /) as unknown },
    });
    expect((await post('/api/auth/refresh', { refreshToken: 'x'.repeat(2000) })).status).toBe(400);
  });
});

describe('GET /api/check-session', () => {
  it('needs a valid, unexpired access token', async () => {
    const missing = await checkSession();
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: expect.any(String) as unknown });
    expect((await checkSession('not-a-jwt')).status).toBe(401);
    expect((await checkSession('aaa.bbb.ccc')).status).toBe(401);

    const { token } = await registered();
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const secret = new TextEncoder().encode(t.env.JWT_SECRET);
    const expired = await new SignJWT({ role: claims.role, email: claims.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(String(claims.aud))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expect(await checkSession(expired)).toEqual({
      status: 401,
      body: { message: 'Your session has expired. Please sign in again.' },
    });

    // Signed with another key, or claiming to be admin: both refused.
    const forged = await new SignJWT({ role: 'admin', email: claims.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(String(claims.aud))
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'));
    expect((await checkSession(forged)).status).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the refresh token, and doing it again is harmless', async () => {
    const session = await registered();
    const headers = { authorization: `Bearer ${session.token}` };
    expect(await post('/api/logout', { refreshToken: session.refreshToken }, headers)).toEqual({
      status: 204,
      body: null,
    });
    expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    expect((await post('/api/logout', { refreshToken: session.refreshToken }, headers)).status).toBe(204);
  });

  it('accepts the JSON content type with no body', async () => {
    const { token } = await registered();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('forgot and reset password', () => {
  async function resetLinksTo(email: string) {
    const rows = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'password_reset'), eq(emailOutbox.to, email)));
    return rows.map((row) => {
      const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(row.text)?.[0];
      if (!link) throw new Error(`no reset link in: ${row.text}`);
      return { link, token: decodeURIComponent(new URL(link).searchParams.get('token') ?? '') };
    });
  }

  it('answers the same for unknown and known e-mails, and e-mails a link only to the account', async () => {
    const unknownEmail = uniqueEmail();
    const unknown = await post('/api/auth/forgot-password', { email: unknownEmail });
    expect(unknown).toEqual({ status: 202, body: { message: forgotPasswordAcceptedMessage } });
    expect(await resetLinksTo(unknownEmail)).toEqual([]);

    const { email } = await registered();
    expect(await post('/api/auth/forgot-password', { email })).toEqual(unknown);
    const links = await resetLinksTo(email);
    expect(links).toHaveLength(1);
    expect(links[0]?.link.startsWith(`${t.env.PUBLIC_URL}/reset-password?token=`)).toBe(true);
    // Only the digest is stored.
    const stored = await t.db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(stored.map((row) => row.hash)).not.toContain(links[0]?.token);
  });

  it('resets once with the link, signs every session out, and the link then stops working', async () => {
    const session = await registered();
    await post('/api/auth/forgot-password', { email: session.email });
    const [reset] = await resetLinksTo(session.email);
    const newPassword = 'a brand new passphrase';

    expect(await post('/api/auth/reset-password', { token: reset?.token, password: newPassword })).toEqual({
      status: 200,
      body: { message: passwordResetDoneMessage },
    });
    expect((await post('/api/auth/login', { email: session.email, password })).status).toBe(401);
    expect((await post('/api/auth/login', { email: session.email, password: newPassword })).status).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);

    expect(await post('/api/auth/reset-password', { token: reset?.token, password: 'yet another one' })).toEqual({
      status: 400,
      body: { message: invalidResetTokenMessage },
    });
  });

  it('refuses an expired link, and a link replaced by a newer request', async () => {
    const { email } = await registered();
    await post('/api/auth/forgot-password', { email });
    await post('/api/auth/forgot-password', { email });
    const [older, newer] = await resetLinksTo(email).then((links) =>
      links.length === 2 ? links : Promise.reject(new Error('expected two links')),
    );
    expect((await post('/api/auth/reset-password', { token: older?.token, password: 'fresh password 1' })).status).toBe(
      400,
    );

    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(isNull(passwordResetTokens.usedAt));
    expect(await post('/api/auth/reset-password', { token: newer?.token, password: 'fresh password 2' })).toEqual({
      status: 400,
      body: { message: invalidResetTokenMessage },
    });
  });

  it('checks the new password and the token before anything else', async () => {
    expect(await post('/api/auth/reset-password', { token: 'whatever', password: 'short' })).toEqual({
      status: 400,
      body: { message: expect.stringMatching(/password must be at least 8 characters/) as unknown },
    });
    expect(await post('/api/auth/reset-password', { token: 'not-a-real-token', password: 'long enough pass' })).toEqual(
      {
        status: 400,
        body: { message: invalidResetTokenMessage },
      },
    );
    expect((await post('/api/auth/forgot-password', { email: 'nope' })).status).toBe(400);
  });
});

describe('rate limits', () => {
  it('answers 429 after too many attempts for one account, and for one address', async () => {
    const { app } = await t.buildAnotherApp({ AUTH_RATE_LIMIT_PER_IP: '6', AUTH_RATE_LIMIT_PER_ACCOUNT: '2' });
    const email = uniqueEmail();
    const attempt = (address: string, who = email) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { email: who, password: 'wrong password' },
      });

    expect((await attempt('198.51.100.1')).statusCode).toBe(401);
    expect((await attempt('198.51.100.2')).statusCode).toBe(401);
    // A third try at the same account, even from another address.
    const limited = await attempt('198.51.100.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(limited.headers['retry-after']).toBeDefined();

    // One address trying many accounts.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt('203.0.113.9', uniqueEmail())).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Other addresses and accounts are not affected.
    expect((await attempt('203.0.113.10', uniqueEmail())).statusCode).toBe(401);
  });

  it('limits sign-up, forgot-password and reset-password too', async () => {
    const { app } = await t.buildAnotherApp({ AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_PER_ACCOUNT: '100' });
    const calls = {
      register: () => register({}, app),
      forgot: () => post('/api/auth/forgot-password', { email: uniqueEmail() }, {}, app),
      reset: () => post('/api/auth/reset-password', { token: 'nope', password: 'long enough pass' }, {}, app),
    };
    for (const [name, call] of Object.entries(calls)) {
      await call();
      await call();
      const third = await call();
      expect(third.status, name).toBe(429);
      expect(String(third.body?.message), name).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    }
  });
});

describe('PUT /api/calendar/block-dates with an account', () => {
  async function signInAs(role: 'guest' | 'owner' | 'staff' | 'admin') {
    const session = await registered();
    await t.db
      .update(users)
      .set({ role })
      .where(sql`lower(${users.email}) = ${session.email}`);
    const login = await post('/api/auth/login', { email: session.email, password });
    return String(login.body?.token);
  }

  it('lets staff and admins block dates, refuses guests with 403, and an owner any home not theirs with 404', async () => {
    const home = await insertProperty(t.db, {});
    const year = new Date().getUTCFullYear() + 1;
    const block = (token: string, date: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/calendar/block-dates?propertyId=${home.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { dates: [date], reason: 'OWNER_STAY' },
      });
    expect((await block(await signInAs('staff'), `${year}-03-02`)).statusCode).toBe(200);
    expect((await block(await signInAs('admin'), `${year}-03-04`)).statusCode).toBe(200);
    const guest = await block(await signInAs('guest'), `${year}-03-06`);
    expect(guest.statusCode).toBe(403);
    expect(guest.json()).toEqual({ message: 'You do not have permission to do this.' });
    // The console's rule: an owner blocks their own homes only, and learns nothing of others.
    const owner = await block(await signInAs('owner'), `${year}-03-06`);
    expect(owner.statusCode).toBe(404);
    expect(owner.json()).toEqual({ message: 'Property not found' });
    // An expired or forged token is a 401, so the browser refreshes and tries again.
    expect((await block('aaa.bbb.ccc', `${year}-03-08`)).statusCode).toBe(401);
  });
});
