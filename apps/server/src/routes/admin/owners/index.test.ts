// Owners' terms, payouts and the company's tax basis (issue 29): who may
// read and change what, a payout written once per idempotency key as a
// balanced ledger movement, shown on the owner's statement.
import { auditLog, ledgerEntries } from '@sas/db';
import {
  imbalance,
  ownerAccountSchema,
  ownerAccountsResponseSchema,
  ownerPayoutSchema,
  ownerStatementSchema,
  taxBasisSettingSchema,
} from '@sas/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookableHome } from '../../../test/booking.js';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let cleaner: TestAccount;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const home = await createBookableHome(t.db);
  const otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
  cleaner = await createAccount(t.app, t.db, 'cleaner');
});

afterAll(async () => {
  await t?.close();
});

const everyone = () =>
  [
    ['anonymous', null],
    ['guest', accounts.guest],
    ['cleaner', cleaner],
    ['owner', accounts.owner],
    ['other owner', accounts.otherOwner],
    ['staff', accounts.staff],
    ['admin', accounts.admin],
  ] as const;

/** The answer each role gets from a route for staff and admins only. */
const staffAndAdminsOnly = {
  anonymous: 401,
  guest: 403,
  cleaner: 403,
  owner: 403,
  'other owner': 403,
  staff: 200,
  admin: 200,
} as const;

describe('GET /api/admin/owners and /owners/{id}/account', () => {
  it('lists owners to staff and admins only', async () => {
    const expected = staffAndAdminsOnly;
    for (const [name, account] of everyone()) {
      const response = await injectAs(t.app, account, { url: '/api/admin/owners' });
      expect(response.statusCode, name).toBe(expected[name]);
      if (response.statusCode === 200) {
        const owners = ownerAccountsResponseSchema.parse(response.json());
        expect(owners.map((o) => o.owner.id)).toEqual(
          expect.arrayContaining([accounts.owner.id, accounts.otherOwner.id]),
        );
        expect(owners.find((o) => o.owner.id === accounts.owner.id)?.commissionRate).toBe(20);
      }
    }
  });

  it("lets an owner read their own account, not another's", async () => {
    const expected = {
      anonymous: 401,
      guest: 403,
      cleaner: 403,
      owner: 200,
      'other owner': 403,
      staff: 200,
      admin: 200,
    };
    for (const [name, account] of everyone()) {
      const response = await injectAs(t.app, account, { url: `/api/admin/owners/${accounts.owner.id}/account` });
      expect(response.statusCode, name).toBe(expected[name]);
    }
    expect(
      (await injectAs(t.app, accounts.staff, { url: `/api/admin/owners/${accounts.staff.id}/account` })).statusCode,
    ).toBe(404);
    expect((await injectAs(t.app, accounts.staff, { url: '/api/admin/owners/nope/account' })).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/owners/{id}/account', () => {
  const url = () => `/api/admin/owners/${accounts.otherOwner.id}/account`;

  it('lets admins only set the commission and payout details, audited', async () => {
    const body = { commissionRate: 17.5, payoutDetails: 'ACH to Alpine Credit Union, ref OTTO' };
    const expected = {
      anonymous: 401,
      guest: 403,
      cleaner: 403,
      owner: 403,
      'other owner': 403,
      staff: 403,
      admin: 200,
    };
    for (const [name, account] of everyone()) {
      const response = await injectAs(t.app, account, { method: 'PUT', url: url(), payload: body });
      expect(response.statusCode, name).toBe(expected[name]);
    }
    const read = await injectAs(t.app, accounts.otherOwner, { url: url() });
    expect(ownerAccountSchema.parse(read.json())).toMatchObject(body);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, accounts.otherOwner.id), eq(auditLog.action, 'owner_account.update')));
    expect(audits).toHaveLength(1);
  });

  it('refuses a bad rate or an unknown owner and changes nothing', async () => {
    for (const payload of [
      { commissionRate: 101, payoutDetails: '' },
      { commissionRate: -1, payoutDetails: '' },
      { commissionRate: 12.345, payoutDetails: '' },
      { commissionRate: 10 },
      { commissionRate: 10, payoutDetails: '', extra: 1 },
    ]) {
      expect((await injectAs(t.app, accounts.admin, { method: 'PUT', url: url(), payload })).statusCode).toBe(400);
    }
    const unknown = await injectAs(t.app, accounts.admin, {
      method: 'PUT',
      url: `/api/admin/owners/${accounts.staff.id}/account`,
      payload: { commissionRate: 10, payoutDetails: '' },
    });
    expect(unknown.statusCode).toBe(404);
    const read = await injectAs(t.app, accounts.admin, { url: url() });
    expect(ownerAccountSchema.parse(read.json()).commissionRate).toBe(17.5);
  });
});

describe('POST /api/admin/owners/{id}/payouts', () => {
  const url = () => `/api/admin/owners/${accounts.owner.id}/payouts`;
  const month = '2026-03';

  it('lets staff and admins record a payout, once per idempotency key, as a balanced movement', async () => {
    const expected = {
      anonymous: 401,
      guest: 403,
      cleaner: 403,
      owner: 403,
      'other owner': 403,
      staff: 201,
      admin: 201,
    };
    for (const [name, account] of everyone()) {
      const response = await injectAs(t.app, account, {
        method: 'POST',
        url: url(),
        payload: { amount: 100.25, date: `${month}-15`, memo: 'March ACH', idempotencyKey: `payout-test-${name}` },
      });
      expect(response.statusCode, name).toBe(expected[name]);
    }
    const again = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: url(),
      payload: { amount: 100.25, date: `${month}-15`, memo: 'March ACH', idempotencyKey: 'payout-test-staff' },
    });
    expect(again.statusCode).toBe(200);
    expect(ownerPayoutSchema.parse(again.json()).amount).toBe(100.25);

    const lines = await t.db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.movement, `payout:${accounts.owner.id}:%`));
    expect(lines).toHaveLength(4);
    expect(
      imbalance(
        lines.map((l) => ({
          account: l.account,
          party: l.party,
          detail: l.detail,
          debit: l.debitCents,
          credit: l.creditCents,
        })),
      ),
    ).toBe(0);

    const statement = await injectAs(t.app, accounts.owner, {
      url: `/api/admin/owners/${accounts.owner.id}/statements/${month}`,
    });
    const parsed = ownerStatementSchema.parse(statement.json());
    expect(parsed.payouts).toHaveLength(2);
    expect(parsed.paidOut).toBe(200.5);
    const csv = await injectAs(t.app, accounts.owner, {
      url: `/api/admin/owners/${accounts.owner.id}/statements/${month}.csv`,
    });
    expect(csv.body).toContain('Paid out');
  });

  it('refuses bad amounts, dates, keys and non-owners (4xx), writing nothing', async () => {
    const before = await t.db.select().from(ledgerEntries);
    for (const payload of [
      { amount: 0, date: '2026-03-01', idempotencyKey: 'bad-payout-1' },
      { amount: -5, date: '2026-03-01', idempotencyKey: 'bad-payout-2' },
      { amount: 1.005, date: '2026-03-01', idempotencyKey: 'bad-payout-3' },
      { amount: 5, date: '2026-02-30', idempotencyKey: 'bad-payout-4' },
      { amount: 5, date: '2026-03-01', idempotencyKey: 'short' },
      { amount: 5, date: '2026-03-01' },
    ]) {
      expect((await injectAs(t.app, accounts.admin, { method: 'POST', url: url(), payload })).statusCode).toBe(400);
    }
    const notOwner = await injectAs(t.app, accounts.admin, {
      method: 'POST',
      url: `/api/admin/owners/${accounts.staff.id}/payouts`,
      payload: { amount: 5, date: '2026-03-01', idempotencyKey: 'not-an-owner' },
    });
    expect(notOwner.statusCode).toBe(404);
    expect(await t.db.select().from(ledgerEntries)).toHaveLength(before.length);
  });
});

describe('GET/PUT /api/admin/settings/tax-basis', () => {
  it('is read and set by staff and admins only; the tax return follows it', async () => {
    const expected = staffAndAdminsOnly;
    for (const [name, account] of everyone()) {
      const read = await injectAs(t.app, account, { url: '/api/admin/settings/tax-basis' });
      expect(read.statusCode, name).toBe(expected[name]);
      const write = await injectAs(t.app, account, {
        method: 'PUT',
        url: '/api/admin/settings/tax-basis',
        payload: { basis: 'stay' },
      });
      expect(write.statusCode, name).toBe(expected[name]);
    }
    const bad = await injectAs(t.app, accounts.admin, {
      method: 'PUT',
      url: '/api/admin/settings/tax-basis',
      payload: { basis: 'cash' },
    });
    expect(bad.statusCode).toBe(400);
    await injectAs(t.app, accounts.staff, {
      method: 'PUT',
      url: '/api/admin/settings/tax-basis',
      payload: { basis: 'payment' },
    });
    const read = await injectAs(t.app, accounts.admin, {
      url: '/api/admin/settings/tax-basis',
    });
    expect(taxBasisSettingSchema.parse(read.json()).basis).toBe('payment');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.tax_basis'));
    expect(audits.length).toBeGreaterThanOrEqual(3);
    const report = await injectAs(t.app, accounts.staff, { url: '/api/admin/reports/taxes?month=2026-03' });
    expect(report.statusCode).toBe(200);
  });
});
