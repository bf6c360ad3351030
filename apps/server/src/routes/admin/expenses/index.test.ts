// Expenses with receipts (issue 29): staff record one with its receipt
// (checked by content, not by name or claimed type), the owner's statement
// shows it and nets it out, the ledger balances, and only staff, admins and
// the owner charged read the receipt.
import { auditLog, ledgerEntries, ownerExpenses } from '@sas/db';
import { imbalance, ownerExpenseSchema, ownerExpensesResponseSchema, ownerStatementSchema, toCents } from '@sas/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookableHome } from '../../../test/booking.js';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { multipartBody } from '../../../test/multipart.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let cleaner: TestAccount;
let home: { id: string; slug: string };
let ownerless: { id: string; slug: string };
let jpeg: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const month = '2026-04';

function expenseBody(
  fields: Record<string, string>,
  receipt: { filename: string; data: Buffer; contentType?: string } | null = {
    filename: 'invoice.pdf',
    data: pdf,
    contentType: 'application/pdf',
  },
) {
  return multipartBody(receipt ? [receipt] : [], 'receipt', fields);
}

async function post(
  account: TestAccount | null,
  fields: Record<string, string>,
  receipt?: Parameters<typeof expenseBody>[1],
  ref = home.id,
) {
  const { payload, headers } = expenseBody(fields, receipt);
  return injectAs(t.app, account, { method: 'POST', url: `/api/admin/properties/${ref}/expenses`, payload, headers });
}

const fields = (key: string, overrides: Record<string, string> = {}) => ({
  date: `${month}-10`,
  amount: '125.40',
  memo: 'Replaced the hot tub cover',
  idempotencyKey: key,
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  ownerless = await createBookableHome(t.db);
  const otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
  cleaner = await createAccount(t.app, t.db, 'cleaner');
  jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/admin/properties/{id}/expenses', () => {
  it('lets staff and admins only record an expense; a repeat of the key records nothing more', async () => {
    for (const [name, account, status] of [
      ['anonymous', null, 401],
      ['guest', accounts.guest, 403],
      ['cleaner', cleaner, 403],
      ['owner', accounts.owner, 403],
      ['other owner', accounts.otherOwner, 403],
      ['staff', accounts.staff, 201],
      ['admin', accounts.admin, 201],
    ] as const) {
      const response = await post(account, fields(`expense-role-${name}`));
      expect(response.statusCode, name).toBe(status);
    }
    const again = await post(accounts.staff, fields('expense-role-staff'));
    expect(again.statusCode).toBe(200);
    expect(ownerExpenseSchema.parse(again.json()).amount).toBe(125.4);
    const rows = await t.db.select().from(ownerExpenses).where(eq(ownerExpenses.propertyId, home.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.ownerId === accounts.owner.id)).toBe(true);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'expense.create'));
    expect(audits).toHaveLength(2);
  });

  it('writes a balanced movement that reduces the owner payable, shown on the statement with its receipt', async () => {
    const lines = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'expense'));
    expect(lines).toHaveLength(4);
    const asLines = lines.map((l) => ({
      account: l.account,
      party: l.party,
      detail: l.detail,
      debit: l.debitCents,
      credit: l.creditCents,
    }));
    expect(imbalance(asLines)).toBe(0);
    const owed = lines
      .filter((l) => l.account === 'owner_payable' && l.party === accounts.owner.id)
      .reduce((sum, l) => sum + l.creditCents - l.debitCents, 0);
    expect(owed).toBe(-2 * toCents(125.4));

    const response = await injectAs(t.app, accounts.owner, {
      url: `/api/admin/owners/${accounts.owner.id}/statements/${month}`,
    });
    const statement = ownerStatementSchema.parse(response.json());
    expect(statement.expenses).toBe(250.8);
    expect(statement.netPayout).toBe(-250.8);
    expect(statement.expenseLines).toHaveLength(2);
    expect(statement.yearToDate.expenses).toBe(250.8);
    const csv = await injectAs(t.app, accounts.owner, {
      url: `/api/admin/owners/${accounts.owner.id}/statements/${month}.csv`,
    });
    expect(csv.body).toContain('Replaced the hot tub cover');
  });

  it('accepts a JPEG, refuses a file that only claims to be one, and bad fields, writing nothing', async () => {
    const photo = await post(accounts.staff, fields('expense-jpeg'), {
      filename: 'r.jpg',
      data: jpeg,
      contentType: 'image/jpeg',
    });
    expect(photo.statusCode).toBe(201);
    expect(ownerExpenseSchema.parse(photo.json()).receiptType).toBe('image/jpeg');

    const before = (await t.db.select().from(ledgerEntries)).length;
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(
      (
        await post(accounts.staff, fields('expense-bad-1'), {
          filename: 'r.pdf',
          data: html,
          contentType: 'application/pdf',
        })
      ).statusCode,
    ).toBe(415);
    expect((await post(accounts.staff, fields('expense-bad-2'), null)).statusCode).toBe(400);
    for (const [key, overrides] of [
      ['expense-bad-3', { amount: '0' }],
      ['expense-bad-4', { amount: '12.345' }],
      ['expense-bad-5', { amount: '-3' }],
      ['expense-bad-6', { date: '2026-02-30' }],
      ['expense-bad-7', { memo: '' }],
      ['expense-bad-8', { idempotencyKey: 'short' }],
      ['expense-bad-9', { extra: 'x' }],
    ] as const) {
      const response = await post(accounts.staff, fields(key, overrides));
      expect(response.statusCode, key).toBe(400);
    }
    const notMultipart = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `/api/admin/properties/${home.id}/expenses`,
      payload: fields('expense-bad-json'),
    });
    expect(notMultipart.statusCode).toBe(415);
    expect((await post(accounts.staff, fields('expense-ownerless'), undefined, ownerless.id)).statusCode).toBe(422);
    expect((await post(accounts.staff, fields('expense-jpeg'), undefined, ownerless.id)).statusCode).toBe(409);
    expect((await t.db.select().from(ledgerEntries)).length).toBe(before);
  });
});

describe('reading expenses and receipts', () => {
  it("lists a home's expenses to staff, admins and its owner only", async () => {
    for (const [name, account, status] of [
      ['anonymous', null, 401],
      ['guest', accounts.guest, 403],
      ['cleaner', cleaner, 403],
      ['owner', accounts.owner, 200],
      ['other owner', accounts.otherOwner, 404],
      ['staff', accounts.staff, 200],
      ['admin', accounts.admin, 200],
    ] as const) {
      const response = await injectAs(t.app, account, { url: `/api/admin/properties/${home.id}/expenses` });
      expect(response.statusCode, name).toBe(status);
      if (status === 200) expect(ownerExpensesResponseSchema.parse(response.json()).length).toBe(3);
    }
  });

  it('serves a receipt as an attachment to staff, admins and the owner charged only', async () => {
    const [expense] = ownerExpensesResponseSchema.parse(
      (await injectAs(t.app, accounts.staff, { url: `/api/admin/properties/${home.id}/expenses` })).json(),
    );
    for (const [name, account, status] of [
      ['anonymous', null, 401],
      ['guest', accounts.guest, 403],
      ['cleaner', cleaner, 403],
      ['owner', accounts.owner, 200],
      ['other owner', accounts.otherOwner, 403],
      ['staff', accounts.staff, 200],
      ['admin', accounts.admin, 200],
    ] as const) {
      const response = await injectAs(t.app, account, { url: expense!.receiptUrl });
      expect(response.statusCode, name).toBe(status);
      if (status === 200) {
        expect(response.headers['content-disposition']).toMatch(/^attachment/);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.rawPayload.length).toBeGreaterThan(0);
      }
    }
    expect(
      (
        await injectAs(t.app, accounts.staff, {
          url: '/api/admin/expenses/00000000-0000-4000-8000-000000000000/receipt',
        })
      ).statusCode,
    ).toBe(404);
  });
});
