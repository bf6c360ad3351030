// The console's Google page API (issue 27) by role, its contract, and the
// token's rotation (audited, the old feed URL refused at once).
import { auditLog, googleAriHomes } from '@sas/db';
import { insertProperty, insertRates } from '@sas/db/testing';
import { adminGoogleSchema, adminGoogleTokenSchema } from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let home: { id: string; propertyId: string };
let otherHome: { id: string; propertyId: string };

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://summitandshore.example' }, { seed: false });
  home = await insertProperty(t.db, { address: '1 Main St, Breckenridge, CO' });
  otherHome = await insertProperty(t.db);
  await insertRates(t.db, home.id);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
});

afterAll(async () => {
  await t?.close();
});

describe('who may use the Google API', () => {
  it('admits staff and admins, refuses anonymous (401), guests and owners, even of a home (403)', async () => {
    const routes = [
      { method: 'GET' as const, url: '/api/admin/google' },
      { method: 'POST' as const, url: '/api/admin/google/token' },
    ];
    const cases: [TestAccount | null, number][] = [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ];
    for (const route of routes) {
      for (const [account, status] of cases) {
        const response = await injectAs(t.app, account, route);
        expect(response.statusCode, `${route.method} ${route.url} as ${account?.role ?? 'anonymous'}`).toBe(status);
      }
      for (const account of [accounts.staff, accounts.admin]) {
        const response = await injectAs(t.app, account, route);
        expect(response.statusCode, `${route.method} ${route.url} as ${account.role}`).toBe(200);
      }
    }
    // A cleaner's account opens their own tasks only.
    const cleaner = await createAccount(t.app, t.db, 'cleaner');
    for (const route of routes) expect((await injectAs(t.app, cleaner, route)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/google', () => {
  it('answers the feed URL, each home with its eligibility and reason, its queue and last push, and no twin run yet', async () => {
    const at = new Date('2026-11-20T10:00:00Z');
    await t.db
      .insert(googleAriHomes)
      .values({ propertyId: home.id, sentAt: at, lastError: 'avail: HTTP 503', nextAttemptAt: at })
      .onConflictDoNothing();
    const response = await injectAs(t.app, accounts.staff, { method: 'GET', url: '/api/admin/google' });
    const body = adminGoogleSchema.parse(response.json());
    expect(body.listingsFeedUrl).toMatch(
      /^https:\/\/summitandshore\.example\/feeds\/google\/listings\.xml\?token=.{40,}$/,
    );
    expect(body.twin).toBeNull();
    const byId = new Map(body.homes.map((h) => [h.propertyId, h]));
    expect(byId.get(home.propertyId)).toMatchObject({
      eligible: false,
      reason: '1 photos of at least 1024x683; Google needs 8',
      lastPushAt: at.toISOString(),
      failure: 'avail: HTTP 503',
    });
    expect(byId.get(home.propertyId)?.pending).toBeGreaterThan(0);
    expect(byId.get(otherHome.propertyId)).toMatchObject({
      eligible: false,
      reason: 'No rates: it cannot be booked online',
    });
    expect(byId.get(otherHome.propertyId)).not.toHaveProperty('lastPushAt');
  });
});

describe('POST /api/admin/google/token', () => {
  it('rotates the token: the new URL serves the feed, the old one answers 404, and the rotation is audited', async () => {
    const before = adminGoogleSchema.parse(
      (await injectAs(t.app, accounts.admin, { method: 'GET', url: '/api/admin/google' })).json(),
    ).listingsFeedUrl;
    const response = await injectAs(t.app, accounts.admin, { method: 'POST', url: '/api/admin/google/token' });
    const after = adminGoogleTokenSchema.parse(response.json()).listingsFeedUrl;
    expect(after).not.toBe(before);
    const path = (url: string) => url.replace('https://summitandshore.example', '');
    expect((await t.app.inject({ method: 'GET', url: path(before) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path(after) })).statusCode).toBe(200);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'google.feed_token.rotate'));
    expect(entries.map((e) => e.actorEmail)).toContain(accounts.admin.email);
    expect(JSON.stringify(entries)).not.toContain(after.split('token=')[1]);
  });
});
