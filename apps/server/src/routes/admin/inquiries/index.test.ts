import { auditLog, ownerInquiries } from '@sas/db';
import { adminInquiryListSchema, forbiddenMessage, sessionRequiredMessage } from '@sas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let older: string;
let newer: string;

const inquiry = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone: '(970) 555-0142',
  propertyLocation: 'Breckenridge, CO',
  bedrooms: 3,
  message: 'Could you manage my cabin?',
});

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  accounts = await createRoleAccounts(t.app, t.db, [], []);
  const [a] = await t.db
    .insert(ownerInquiries)
    .values({ ...inquiry('Ann'), createdAt: sql`now() - interval '1 day'` })
    .returning();
  const [b] = await t.db.insert(ownerInquiries).values(inquiry('Ben')).returning();
  older = a?.id ?? '';
  newer = b?.id ?? '';
});

afterAll(async () => {
  await t?.close();
});

describe('who may see and answer inquiries', () => {
  it('refuses anonymous callers, guests and owners', async () => {
    const cases: [TestAccount | null, number][] = [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ];
    for (const [as, status] of cases) {
      const message = status === 401 ? sessionRequiredMessage : forbiddenMessage;
      const list = await injectAs(t.app, as, { method: 'GET', url: '/api/admin/inquiries' });
      expect(list.statusCode).toBe(status);
      expect(list.json()).toEqual({ message });
      const patch = await injectAs(t.app, as, {
        method: 'PATCH',
        url: `/api/admin/inquiries/${older}`,
        payload: { status: 'closed' },
      });
      expect(patch.statusCode).toBe(status);
    }
    const [row] = await t.db.select().from(ownerInquiries).where(eq(ownerInquiries.id, older));
    expect(row?.status).toBe('new');
  });

  it('lists them newest first for staff and admins, by status when asked', async () => {
    for (const as of [accounts.staff, accounts.admin]) {
      const response = await injectAs(t.app, as, { method: 'GET', url: '/api/admin/inquiries' });
      expect(response.statusCode).toBe(200);
      const list = adminInquiryListSchema.parse(response.json());
      expect(list.map((i) => i.id)).toEqual([newer, older]);
      expect(list[0]).toMatchObject({ name: 'Ben', email: 'ben@example.com', status: 'new', notes: '' });
    }
    const bad = await injectAs(t.app, accounts.staff, { method: 'GET', url: '/api/admin/inquiries?status=done' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/inquiries/{id}', () => {
  it('sets status and notes, audited, and the list filters by the new status', async () => {
    const response = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: `/api/admin/inquiries/${older}`,
      payload: { status: 'contacted', notes: 'Called on Monday; wants a visit.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: older,
      status: 'contacted',
      notes: 'Called on Monday; wants a visit.',
    });
    const notesOnly = await injectAs(t.app, accounts.admin, {
      method: 'PATCH',
      url: `/api/admin/inquiries/${older}`,
      payload: { notes: 'Visit booked.' },
    });
    expect(notesOnly.json()).toMatchObject({ status: 'contacted', notes: 'Visit booked.' });

    const contacted = await injectAs(t.app, accounts.staff, {
      method: 'GET',
      url: '/api/admin/inquiries?status=contacted',
    });
    expect(adminInquiryListSchema.parse(contacted.json()).map((i) => i.id)).toEqual([older]);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, older));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: 'inquiry.update',
      actorId: accounts.staff.id,
      before: { status: 'new', notes: '' },
      after: { status: 'contacted' },
    });
  });

  it('answers 400 for a bad status, an empty body or a bad id, and 404 for an unknown one', async () => {
    const patch = (url: string, payload: object) => injectAs(t.app, accounts.staff, { method: 'PATCH', url, payload });
    expect((await patch(`/api/admin/inquiries/${newer}`, { status: 'done' })).statusCode).toBe(400);
    expect((await patch(`/api/admin/inquiries/${newer}`, {})).statusCode).toBe(400);
    expect((await patch(`/api/admin/inquiries/${newer}`, { notes: 'x'.repeat(10_001) })).statusCode).toBe(400);
    expect((await patch('/api/admin/inquiries/42', { status: 'closed' })).statusCode).toBe(400);
    const missing = await patch('/api/admin/inquiries/00000000-0000-4000-8000-000000000000', { status: 'closed' });
    expect(missing.statusCode).toBe(404);
    const [row] = await t.db.select().from(ownerInquiries).where(eq(ownerInquiries.id, newer));
    expect(row).toMatchObject({ status: 'new', notes: '' });
  });
});
