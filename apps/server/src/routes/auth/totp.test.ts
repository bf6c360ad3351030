import { users } from '@sas/db';
import {
  invalidTotpCodeMessage,
  loginResponseSchema,
  totpRequiredCode,
  totpRequiredMessage,
  totpSetupRequiredCode,
  totpSetupRequiredMessage,
  totpSetupResponseSchema,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { createAccount, injectAs, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
const password = 'correct horse battery';
let passwordHash: string;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '10000' }, { seed: false });
  passwordHash = await hashPassword(password);
});

afterAll(async () => {
  await t?.close();
});

/** The code an authenticator app shows now (or `steps` periods away). */
function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Some 6 digits that are not a valid code for `secret` around now. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((step) => codeFor(secret, step)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

async function staffWithPassword(role: 'staff' | 'admin' = 'staff'): Promise<TestAccount> {
  const account = await createAccount(t.app, t.db, role);
  await t.db.update(users).set({ passwordHash }).where(eq(users.id, account.id));
  return account;
}

async function enrol(account: TestAccount, app: FastifyInstance = t.app): Promise<string> {
  const setup = await injectAs(app, account, { method: 'POST', url: '/api/auth/totp/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrSvg } = totpSetupResponseSchema.parse(setup.json());
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  const enabled = await injectAs(app, account, {
    method: 'POST',
    url: '/api/auth/totp/enable',
    payload: { code: codeFor(secret) },
  });
  expect(enabled.statusCode).toBe(200);
  expect(enabled.json()).toMatchObject({ enabled: true });
  return secret;
}

const login = (email: string, extra: Record<string, string> = {}, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...extra } });

describe('two-step sign-in', () => {
  it('asks for the code after the right password, and signs in with it', async () => {
    const staff = await staffWithPassword();
    const secret = await enrol(staff);

    const withoutCode = await login(staff.email);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({ message: totpRequiredMessage, code: totpRequiredCode });

    const wrong = await login(staff.email, { totpCode: wrongCode(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: invalidTotpCodeMessage, code: 'totp_invalid' });

    // A wrong password says nothing about the second step, code or not.
    const badPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: 'wrong password', totpCode: codeFor(secret) },
    });
    expect(badPassword.json()).toEqual({ message: 'Invalid email or password' });

    const ok = await login(staff.email, { totpCode: codeFor(secret).replace(/^(\d{3})/, '$1 ') });
    expect(ok.statusCode).toBe(200);
    expect(loginResponseSchema.parse(ok.json()).email).toBe(staff.email);
  });

  it('keeps sign-in unchanged for accounts without it', async () => {
    const staff = await staffWithPassword();
    const response = await login(staff.email);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<object>()).sort()).toEqual(['email', 'refreshToken', 'token']);
  });

  it('limits code guesses like sign-in attempts', async () => {
    const { app } = await t.buildAnotherApp({ AUTH_RATE_LIMIT_PER_IP: '100', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    const staff = await staffWithPassword();
    const secret = await enrol(staff, app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await login(staff.email, { totpCode: wrongCode(secret) }, app)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('lets only staff and admins enrol, needs a right code to enable and to disable', async () => {
    const guest = await createAccount(t.app, t.db, 'guest');
    const owner = await createAccount(t.app, t.db, 'owner');
    expect((await injectAs(t.app, null, { method: 'POST', url: '/api/auth/totp/setup' })).statusCode).toBe(401);
    expect((await injectAs(t.app, guest, { method: 'POST', url: '/api/auth/totp/setup' })).statusCode).toBe(403);
    expect((await injectAs(t.app, owner, { method: 'POST', url: '/api/auth/totp/setup' })).statusCode).toBe(403);

    const admin = await staffWithPassword('admin');
    const setup = totpSetupResponseSchema.parse(
      (await injectAs(t.app, admin, { method: 'POST', url: '/api/auth/totp/setup' })).json(),
    );
    const wrong = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/auth/totp/enable',
      payload: { code: wrongCode(setup.secret) },
    });
    expect(wrong.statusCode).toBe(400);
    // Not enabled by a wrong code: sign-in still needs no code.
    expect((await login(admin.email)).statusCode).toBe(200);
    expect(
      (await injectAs(t.app, admin, { method: 'POST', url: '/api/auth/totp/enable', payload: { code: 'abc' } }))
        .statusCode,
    ).toBe(400);

    const enable = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/auth/totp/enable',
      payload: { code: codeFor(setup.secret) },
    });
    expect(enable.json()).toEqual({ enabled: true, required: false });
    // Enabled: a new set-up would replace the secret, so it is refused.
    expect((await injectAs(t.app, admin, { method: 'POST', url: '/api/auth/totp/setup' })).statusCode).toBe(409);
    const status = await injectAs(t.app, admin, { method: 'GET', url: '/api/auth/totp' });
    expect(status.json()).toEqual({ enabled: true, required: false });

    const badDisable = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/auth/totp/disable',
      payload: { code: wrongCode(setup.secret) },
    });
    expect(badDisable.statusCode).toBe(400);
    expect((await login(admin.email)).statusCode).toBe(401);
    const disable = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/auth/totp/disable',
      payload: { code: codeFor(setup.secret) },
    });
    expect(disable.json()).toEqual({ enabled: false, required: false });
    expect((await login(admin.email)).statusCode).toBe(200);
  });

  it('needs the code to accept an invitation to an account that has it', async () => {
    const admin = await createAccount(t.app, t.db, 'admin');
    const staff = await staffWithPassword();
    const secret = await enrol(staff);
    const invited = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/users/invite',
      payload: { email: staff.email, role: 'staff' },
    });
    expect(invited.statusCode).toBe(201);
    const { emailOutbox } = await import('@sas/db');
    const [mail] = await t.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, staff.email));
    const token = new URL(
      /https?:\/\/\S+\/accept-invite\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0] ?? 'http://x',
    ).searchParams.get('token');
    const accept = (extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invite',
        payload: { token, password: 'new password here', ...extra },
      });
    expect((await accept()).json()).toMatchObject({ code: totpRequiredCode });
    // The link was not used up by the refused attempt.
    expect((await accept({ totpCode: codeFor(secret) })).statusCode).toBe(200);
  });
});

describe('STAFF_REQUIRE_2FA', () => {
  it('is off by default and refuses anything but true or false', () => {
    expect(loadEnv({}).STAFF_REQUIRE_2FA).toBe(false);
    expect(() => loadEnv({ STAFF_REQUIRE_2FA: 'yes' })).toThrow(/STAFF_REQUIRE_2FA: must be true or false/);
  });

  it('lets staff sign in but keeps the console closed to them until they enrol; owners are not held', async () => {
    const { app } = await t.buildAnotherApp({ STAFF_REQUIRE_2FA: 'true' });
    const staff = await staffWithPassword();
    const owner = await createAccount(app, t.db, 'owner');
    expect((await login(staff.email, {}, app)).statusCode).toBe(200);

    const refused = await injectAs(app, staff, { method: 'GET', url: '/api/admin/inquiries' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: totpSetupRequiredMessage, code: totpSetupRequiredCode });
    expect((await injectAs(app, staff, { method: 'GET', url: '/api/auth/totp' })).json()).toEqual({
      enabled: false,
      required: true,
    });
    // The owner's part of the console does not ask for it.
    expect((await injectAs(app, owner, { method: 'GET', url: '/api/admin/audit' })).json()).toMatchObject({
      message: 'You do not have permission to do this.',
    });

    await enrol(staff, app);
    expect((await injectAs(app, staff, { method: 'GET', url: '/api/admin/inquiries' })).statusCode).toBe(200);
  });
});
