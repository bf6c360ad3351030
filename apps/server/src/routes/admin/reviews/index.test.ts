import { auditLog, reviewBlocklist, reviews } from '@sas/db';
import { insertProperty } from '@sas/db/testing';
import {
  adminReviewListSchema,
  defaultReviewBlocklist,
  forbiddenMessage,
  propertyDetailsSchema,
  sessionRequiredMessage,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let home: { id: string; propertyId: string; slug: string };
let other: { id: string; propertyId: string; slug: string };
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;

const review = (id: string, propertyId: string, overrides: Partial<typeof reviews.$inferInsert> = {}) => ({
  id,
  propertyId,
  guestName: 'Jane Doe',
  platform: 'Airbnb',
  rating: 5,
  reviewText: 'Lovely stay by the lake.',
  reviewedAtDate: '2025-06-01',
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await insertProperty(t.db);
  other = await insertProperty(t.db);
  await t.db
    .insert(reviews)
    .values([
      review('rv-good-1', home.id),
      review('rv-good-2', home.id, { reviewText: 'The hot tub was great.' }),
      review('rv-blk-001', home.id),
      review('rv-spam', home.id, { guestName: 'Sam Spamworth' }),
      review('rv-other', other.id),
    ]);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [other.id]);
});

afterAll(async () => {
  await t?.close();
});

async function publicReviewIds(): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/properties/search/${home.slug}` });
  expect(response.statusCode).toBe(200);
  const details = propertyDetailsSchema.parse(response.json());
  expect(details.reviews).toBe(details.reviewsData.length);
  return details.reviewsData.map((r) => r.id).sort();
}

async function cardReviewCount(): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: `/api/properties/search/${home.propertyId}` });
  return response.json<{ reviews: number }>().reviews;
}

describe('who may moderate reviews', () => {
  it('refuses anonymous callers, guests and owners on every review route', async () => {
    const cases: [string, TestAccount | null, number][] = [
      ['anonymous', null, 401],
      ['a guest', accounts.guest, 403],
      ['an owner', accounts.owner, 403],
      ['an owner of other homes', accounts.otherOwner, 403],
    ];
    for (const [who, as, status] of cases) {
      const message = status === 401 ? sessionRequiredMessage : forbiddenMessage;
      for (const request of [
        { method: 'GET' as const, url: '/api/admin/reviews' },
        { method: 'PATCH' as const, url: '/api/admin/reviews/rv-good-1', payload: { hidden: true } },
        { method: 'GET' as const, url: '/api/admin/review-blocklist' },
        { method: 'PUT' as const, url: '/api/admin/review-blocklist', payload: { terms: [] } },
      ]) {
        const response = await injectAs(t.app, as, request);
        expect(response.statusCode, `${request.method} ${request.url} as ${who}`).toBe(status);
        expect(response.json()).toEqual({ message });
      }
    }
    expect(await publicReviewIds()).toEqual(['rv-good-1', 'rv-good-2']);
  });

  it('lists every review for staff and admins, hidden ones with the reason', async () => {
    for (const as of [accounts.staff, accounts.admin]) {
      const response = await injectAs(t.app, as, { method: 'GET', url: `/api/admin/reviews?propertyId=${home.slug}` });
      expect(response.statusCode).toBe(200);
      const list = adminReviewListSchema.parse(response.json());
      expect(Object.fromEntries(list.map((r) => [r.id, r.hiddenReason]))).toEqual({
        'rv-good-1': null,
        'rv-good-2': null,
        'rv-blk-001': 'blocklist',
        'rv-spam': 'blocklist',
      });
    }
    const all = await injectAs(t.app, accounts.staff, { method: 'GET', url: '/api/admin/reviews' });
    expect(adminReviewListSchema.parse(all.json()).map((r) => r.id)).toContain('rv-other');
    const unknown = await injectAs(t.app, accounts.staff, { method: 'GET', url: '/api/admin/reviews?propertyId=nope' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/reviews/{id}', () => {
  it('hides and shows a review on the public pages at once, audited', async () => {
    expect(await cardReviewCount()).toBe(2);
    const hide = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: '/api/admin/reviews/rv-good-2',
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ id: 'rv-good-2', hidden: true, hiddenReason: 'hidden', propertyId: home.id });
    expect(await publicReviewIds()).toEqual(['rv-good-1']);
    expect(await cardReviewCount()).toBe(1);

    const show = await injectAs(t.app, accounts.admin, {
      method: 'PATCH',
      url: '/api/admin/reviews/rv-good-2',
      payload: { hidden: false },
    });
    expect(show.json()).toMatchObject({ hidden: false, hiddenReason: null });
    expect(await publicReviewIds()).toEqual(['rv-good-1', 'rv-good-2']);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 'rv-good-2'));
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['review.hide', accounts.staff.id],
      ['review.show', accounts.admin.id],
    ]);
  });

  it('answers 404 for an unknown review and 400 for a body without hidden', async () => {
    const missing = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: '/api/admin/reviews/nope',
      payload: { hidden: true },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: '/api/admin/reviews/rv-good-1',
      payload: { hidden: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the review blocklist', () => {
  it('starts as the SPEC defaults, and what GET answers PUT accepts', async () => {
    const get = await injectAs(t.app, accounts.staff, { method: 'GET', url: '/api/admin/review-blocklist' });
    expect(get.json()).toEqual({ terms: [...defaultReviewBlocklist] });
    const put = await injectAs(t.app, accounts.staff, {
      method: 'PUT',
      url: '/api/admin/review-blocklist',
      payload: get.json<object>(),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<{ terms: string[] }>().terms.sort()).toEqual([...defaultReviewBlocklist].sort());
  });

  it('hides reviews by a new term and shows them again when terms are removed, even all of them', async () => {
    const put = (terms: string[]) =>
      injectAs(t.app, accounts.staff, { method: 'PUT', url: '/api/admin/review-blocklist', payload: { terms } });
    const added = await put([...defaultReviewBlocklist, 'HOT TUB', 'hot tub ']);
    // Terms once each, whatever their case.
    expect(added.json<{ terms: string[] }>().terms.filter((term) => term.toLowerCase() === 'hot tub')).toHaveLength(1);
    expect(await publicReviewIds()).toEqual(['rv-good-1']);

    expect((await put([])).json()).toEqual({ terms: [] });
    // An emptied list stays empty: the defaults do not come back.
    expect(await publicReviewIds()).toEqual(['rv-blk-001', 'rv-good-1', 'rv-good-2', 'rv-spam']);
    expect(await t.db.select().from(reviewBlocklist)).toEqual([]);
    const get = await injectAs(t.app, accounts.admin, { method: 'GET', url: '/api/admin/review-blocklist' });
    expect(get.json()).toEqual({ terms: [] });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'review_blocklist')).limit(1);
    expect(entry).toMatchObject({ action: 'review_blocklist.replace', actorId: accounts.staff.id });
  });

  it('refuses empty and overlong terms without changing the list', async () => {
    for (const terms of [[''], ['x'.repeat(101)], 'not a list']) {
      const response = await injectAs(t.app, accounts.staff, {
        method: 'PUT',
        url: '/api/admin/review-blocklist',
        payload: { terms },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(
      (await injectAs(t.app, accounts.staff, { method: 'GET', url: '/api/admin/review-blocklist' })).json(),
    ).toEqual({ terms: [] });
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('another server process on the same PostgreSQL', () => {
  it('stops showing a hidden review and a blocklisted one once the change is made here', async () => {
    const { app: other } = await t.buildSeparateApp();
    const shownThere = async () => {
      const response = await other.inject({ method: 'GET', url: `/api/properties/search/${home.slug}` });
      return propertyDetailsSchema
        .parse(response.json())
        .reviewsData.map((r) => r.id)
        .sort();
    };
    const before = await shownThere();
    expect(before).toContain('rv-good-1');

    await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: '/api/admin/reviews/rv-good-1',
      payload: { hidden: true },
    });
    await vi.waitFor(async () => expect(await shownThere()).not.toContain('rv-good-1'), { timeout: 5_000 });

    await injectAs(t.app, accounts.staff, {
      method: 'PUT',
      url: '/api/admin/review-blocklist',
      payload: { terms: ['hot tub'] },
    });
    await vi.waitFor(async () => expect(await shownThere()).not.toContain('rv-good-2'), { timeout: 5_000 });
  });
});
