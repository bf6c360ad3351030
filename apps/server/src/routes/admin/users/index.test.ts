import { auditLog, emailOutbox, propertyOwners, userInvites, users } from '@sas/db';
import { insertProperty } from '@sas/db/testing';
import {
  adminUserListSchema,
  adminUserSchema,
  forbiddenMessage,
  invalidInviteTokenMessage,
  lastAdminMessage,
  loginResponseSchema,
  sessionRequiredMessage,
} from '@sas/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let homeA: { id: string; propertyId: string; slug: string };
let homeB: { id: string; propertyId: string; slug: string };
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_ACCOUNT: '10000' }, { seed: false });
  homeA = await insertProperty(t.db);
  homeB = await insertProperty(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [homeA.id], [homeB.id]);
});

afterAll(async () => {
  await t?.close();
});

function uniqueEmail(prefix = 'invitee'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

async function inviteLink(email: string): Promise<string> {
  const [row] = await t.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'user_invite'), eq(emailOutbox.to, email)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = row ? /https?:\/\/\S+\/accept-invite\?token=[\w%-]+/.exec(row.text)?.[0] : undefined;
  if (!link) throw new Error(`no invitation e-mail to ${email}`);
  return link;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

const invite = (as: TestAccount | null, payload: object) =>
  injectAs(t.app, as, { method: 'POST', url: '/api/admin/users/invite', payload });

describe('who may use /api/admin/users', () => {
  const cases = (): [string, TestAccount | null, number][] => [
    ['anonymous', null, 401],
    ['a guest', accounts.guest, 403],
    ['an owner', accounts.owner, 403],
    ['an owner of other homes', accounts.otherOwner, 403],
    ['staff', accounts.staff, 403],
  ];

  it('lets only admins list, invite and change accounts', async () => {
    for (const [who, as, status] of cases()) {
      const list = await injectAs(t.app, as, { method: 'GET', url: '/api/admin/users' });
      expect(list.statusCode, `GET as ${who}`).toBe(status);
      expect(list.json()).toEqual({ message: status === 401 ? sessionRequiredMessage : forbiddenMessage });
      const email = uniqueEmail();
      expect((await invite(as, { email, role: 'staff' })).statusCode, `invite as ${who}`).toBe(status);
      const patch = await injectAs(t.app, as, {
        method: 'PATCH',
        url: `/api/admin/users/${accounts.guest.id}`,
        payload: { role: 'admin' },
      });
      expect(patch.statusCode, `PATCH as ${who}`).toBe(status);
    }
    // Nothing was created or promoted by the refused calls.
    const [guest] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, accounts.guest.id));
    expect(guest?.role).toBe('guest');
    const invited = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(sql`${users.email} LIKE 'invitee-%'`);
    expect(invited[0]?.n).toBe(0);
  });

  it('lists console accounts with their role and homes for an admin', async () => {
    const response = await injectAs(t.app, accounts.admin, { method: 'GET', url: '/api/admin/users' });
    expect(response.statusCode).toBe(200);
    const list = adminUserListSchema.parse(response.json());
    expect(list.find((u) => u.id === accounts.guest.id)).toBeUndefined();
    expect(list.find((u) => u.id === accounts.owner.id)).toMatchObject({
      role: 'owner',
      homes: [{ id: homeA.id, propertyId: homeA.propertyId }],
    });
    expect(list.find((u) => u.id === accounts.staff.id)).toMatchObject({ role: 'staff', homes: [] });
    const all = adminUserListSchema.parse(
      (await injectAs(t.app, accounts.admin, { method: 'GET', url: '/api/admin/users?all=true' })).json(),
    );
    expect(all.find((u) => u.id === accounts.guest.id)).toMatchObject({ role: 'guest' });
  });
});

describe('POST /api/admin/users/invite and POST /api/auth/accept-invite', () => {
  it('creates an owner without a password, e-mails a link that sets one and signs in, once', async () => {
    const email = uniqueEmail();
    const response = await invite(accounts.admin, { email, role: 'owner', homes: [homeA.slug, homeB.propertyId] });
    expect(response.statusCode).toBe(201);
    const created = adminUserSchema.parse(response.json());
    expect(created).toMatchObject({ email, role: 'owner', hasPassword: false, totpEnabled: false });
    expect(created.homes.map((h) => h.id).sort()).toEqual([homeA.id, homeB.id].sort());
    expect(created.invitePendingUntil).not.toBeNull();
    const days = (Date.parse(created.invitePendingUntil ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // No password yet: nobody can sign in as the new account.
    const before = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'x' } });
    expect(before.statusCode).toBe(401);

    const link = await inviteLink(email);
    expect(link.startsWith(`${t.env.PUBLIC_URL}/accept-invite?token=`)).toBe(true);
    // Only the token's digest is stored.
    const [stored] = await t.db.select().from(userInvites).where(eq(userInvites.userId, created.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toBe(tokenOf(link));

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      payload: { token: tokenOf(link), password: 'a brand new password' },
    });
    expect(accepted.statusCode).toBe(200);
    const tokens = loginResponseSchema.parse(accepted.json());
    expect(tokens.email).toBe(email);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/check-session',
      headers: { authorization: `Bearer ${tokens.token}` },
    });
    expect(session.json()).toMatchObject({ email, role: 'owner' });
    const [user] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, created.id));
    expect(user?.hash).toMatch(/^\$argon2id\$/);

    // Single use.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      payload: { token: tokenOf(link), password: 'someone else password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: invalidInviteTokenMessage });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a brand new password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired link, and a link replaced by a newer invitation', async () => {
    const email = uniqueEmail();
    expect((await invite(accounts.admin, { email, role: 'staff' })).statusCode).toBe(201);
    const first = tokenOf(await inviteLink(email));
    expect((await invite(accounts.admin, { email, role: 'staff' })).statusCode).toBe(201);
    const second = tokenOf(await inviteLink(email));
    expect(second).not.toBe(first);
    const accept = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/accept-invite', payload: { token, password: 'long enough 1' } });
    expect((await accept(first)).statusCode).toBe(400);

    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db
      .update(userInvites)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userInvites.userId, user?.id ?? ''));
    const expired = await accept(second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: invalidInviteTokenMessage });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row?.hash).toBeNull();
  });

  it('changes the role of an existing account, audits the invitation, and never demotes an admin', async () => {
    const guest = await createAccount(t.app, t.db, 'guest');
    const response = await invite(accounts.admin, { email: guest.email.toUpperCase(), role: 'staff' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: guest.id, role: 'staff' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, guest.id)));
    expect(entry).toMatchObject({
      action: 'user.invite',
      actorId: accounts.admin.id,
      actorEmail: accounts.admin.email,
    });
    expect(entry?.before).toMatchObject({ role: 'guest' });
    expect(entry?.after).toMatchObject({ role: 'staff' });
    expect(JSON.stringify(entry)).not.toMatch(/argon2/);

    const otherAdmin = await createAccount(t.app, t.db, 'admin');
    const refused = await invite(accounts.admin, { email: otherAdmin.email, role: 'staff' });
    expect(refused.statusCode).toBe(409);
  });

  it('answers 400 for bad input: unknown homes, homes for staff, an admin role, a bad e-mail', async () => {
    const email = uniqueEmail();
    const unknown = await invite(accounts.admin, { email, role: 'owner', homes: ['no-such-home'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('no-such-home');
    expect((await invite(accounts.admin, { email, role: 'staff', homes: [homeA.id] })).statusCode).toBe(400);
    expect((await invite(accounts.admin, { email, role: 'admin' })).statusCode).toBe(400);
    expect((await invite(accounts.admin, { email: 'not an email', role: 'staff' })).statusCode).toBe(400);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(row).toBeUndefined();
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it("sets an owner's homes by any of their names and audits the change", async () => {
    const owner = await createAccount(t.app, t.db, 'owner', { homes: [homeA.id] });
    const response = await injectAs(t.app, accounts.admin, {
      method: 'PATCH',
      url: `/api/admin/users/${owner.id}`,
      payload: { homes: [homeB.propertyId.toLowerCase()] },
    });
    expect(response.statusCode).toBe(200);
    expect(adminUserSchema.parse(response.json()).homes.map((h) => h.id)).toEqual([homeB.id]);
    // The owner now sees homeB, not homeA (the console reads homes on every request).
    const rows = await t.db.select().from(propertyOwners).where(eq(propertyOwners.userId, owner.id));
    expect(rows.map((r) => r.propertyId)).toEqual([homeB.id]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, owner.id));
    expect(entry).toMatchObject({ action: 'user.update', before: { homes: [homeA.id] }, after: { homes: [homeB.id] } });
  });

  it('demotes an owner to guest (homes go) and the console refuses them at once', async () => {
    const owner = await createAccount(t.app, t.db, 'owner', { homes: [homeA.id] });
    const response = await injectAs(t.app, accounts.admin, {
      method: 'PATCH',
      url: `/api/admin/users/${owner.id}`,
      payload: { role: 'guest' },
    });
    expect(response.json()).toMatchObject({ role: 'guest', homes: [] });
    expect((await injectAs(t.app, owner, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
  });

  it('keeps the last admin an admin, and answers 404 and 400 for unknown ids and empty bodies', async () => {
    const { app, db } = t;
    // Every other admin is demoted first, so `lone` is the last one.
    const lone = await createAccount(app, db, 'admin');
    await db
      .update(users)
      .set({ role: 'staff' })
      .where(and(eq(users.role, 'admin'), sql`${users.id} <> ${lone.id}`));
    const refused = await injectAs(app, lone, {
      method: 'PATCH',
      url: `/api/admin/users/${lone.id}`,
      payload: { role: 'staff' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: lastAdminMessage });
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, accounts.admin.id));

    const missing = await injectAs(app, lone, {
      method: 'PATCH',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      payload: { role: 'staff' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await injectAs(app, lone, { method: 'PATCH', url: `/api/admin/users/${lone.id}`, payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (await injectAs(app, lone, { method: 'PATCH', url: '/api/admin/users/not-a-uuid', payload: { role: 'staff' } }))
        .statusCode,
    ).toBe(400);
  });
});
