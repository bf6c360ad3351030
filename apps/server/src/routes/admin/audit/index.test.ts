import { auditEntryListSchema, forbiddenMessage, sessionRequiredMessage } from '@sas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../../services/console/audit.js';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  accounts = await createRoleAccounts(t.app, t.db, [], []);
  const actor = { id: accounts.staff.id, email: accounts.staff.email };
  // Three entries in one transaction share their time; two more later.
  await t.db.transaction(async (tx) => {
    for (const n of [1, 2, 3]) {
      await recordAudit(tx, actor, {
        action: 'property.update',
        entity: 'property',
        entityId: `p${n}`,
        before: { n },
        after: { n: n + 1 },
      });
    }
  });
  await recordAudit(t.db, actor, { action: 'inquiry.update', entity: 'inquiry', entityId: 'i1' });
  await recordAudit(t.db, actor, { action: 'property.update', entity: 'property', entityId: 'p4' });
});

afterAll(async () => {
  await t?.close();
});

const get = (as: TestAccount | null, query = '') =>
  injectAs(t.app, as, { method: 'GET', url: `/api/admin/audit${query}` });

describe('GET /api/admin/audit', () => {
  it('is for admins only', async () => {
    const cases: [TestAccount | null, number][] = [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
      [accounts.staff, 403],
    ];
    for (const [as, status] of cases) {
      const response = await get(as);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message: status === 401 ? sessionRequiredMessage : forbiddenMessage });
    }
    expect((await get(accounts.admin)).statusCode).toBe(200);
  });

  it('answers newest first with who, what, before and after, by entity', async () => {
    const all = auditEntryListSchema.parse((await get(accounts.admin)).json());
    // Entries of one transaction share their time and come newest first too (the order of writing).
    expect(all.map((e) => e.entityId)).toEqual(['p4', 'i1', 'p3', 'p2', 'p1']);
    const p1 = all.find((e) => e.entityId === 'p1');
    expect(p1).toMatchObject({
      actorId: accounts.staff.id,
      actorEmail: accounts.staff.email,
      before: { n: 1 },
      after: { n: 2 },
    });
    const inquiries = auditEntryListSchema.parse((await get(accounts.admin, '?entity=inquiry')).json());
    expect(inquiries.map((e) => e.entityId)).toEqual(['i1']);
  });

  it('pages back with the last entry seen, through entries that share a time', async () => {
    const seen: string[] = [];
    let before = '';
    for (;;) {
      const page = auditEntryListSchema.parse((await get(accounts.admin, `?entity=property&limit=2${before}`)).json());
      if (page.length === 0) break;
      seen.push(...page.map((e) => e.entityId));
      before = `&before=${page[page.length - 1]?.id ?? ''}`;
    }
    expect(seen[0]).toBe('p4');
    expect([...seen].sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('answers 400 for a bad limit or before', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=ten', '?before=yesterday']) {
      expect((await get(accounts.admin, query)).statusCode, query).toBe(400);
    }
    expect((await get(accounts.admin, '?before=2000-01-01T00:00:00Z')).json()).toEqual([]);
  });
});
