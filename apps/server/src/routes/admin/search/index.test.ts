// The console's search bar API: every role, an owner only ever finding their
// own homes' bookings (not by e-mail, and with the guest's last initial).
import { bookings } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { adminSearchLimit, adminSearchResultSchema, type AdminSearchResult } from '@sas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookStay, createBookableHome, guest, intentRequest, nextStay } from '../../../test/booking.js';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let mine: PropertyRow;
let theirs: PropertyRow;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let myBooking: typeof bookings.$inferSelect;
let theirBooking: typeof bookings.$inferSelect | undefined;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  mine = await createBookableHome(t.db);
  theirs = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [mine.id], [theirs.id]);
  myBooking = await bookStay(t.app, t.db, intentRequest(mine, nextStay()));
  const booked = await bookStay(t.app, t.db, intentRequest(theirs, nextStay()));
  // Another guest: the browser's confirmation names the test guest, so the row is renamed here.
  [theirBooking] = await t.db
    .update(bookings)
    .set({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' })
    .where(eq(bookings.id, booked.id))
    .returning();
});
afterAll(() => t.close());

async function search(account: TestAccount | null, q: string) {
  return injectAs(t.app, account, { method: 'GET', url: `/api/admin/search?q=${encodeURIComponent(q)}` });
}

async function found(account: TestAccount, q: string): Promise<AdminSearchResult> {
  const answer = await search(account, q);
  expect(answer.statusCode).toBe(200);
  return adminSearchResultSchema.parse(answer.json());
}

describe('GET /api/admin/search', () => {
  it('answers 401 without a session and 403 to a guest account', async () => {
    expect((await search(null, myBooking.code)).statusCode).toBe(401);
    expect((await search(accounts.guest, myBooking.code)).statusCode).toBe(403);
  });

  it('refuses an empty or overlong search with a 400 and a message', async () => {
    const empty = await search(accounts.staff, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/^q /);
    expect((await search(accounts.staff, 'x'.repeat(101))).statusCode).toBe(400);
  });

  it('finds a booking by its code, any case, for staff and admins, the exact code first', async () => {
    for (const account of [accounts.staff, accounts.admin]) {
      const result = await found(account, myBooking.code.toLowerCase());
      expect(result.reservations[0]).toEqual({
        code: myBooking.code,
        propertyId: mine.propertyId,
        propertyName: 'Bluebird Lodge',
        checkIn: myBooking.checkIn,
        checkOut: myBooking.checkOut,
        status: 'confirmed',
        guestName: `${guest.firstName} ${guest.lastName}`,
      });
    }
  });

  it('finds guests by name and by e-mail for staff, across every home', async () => {
    expect((await found(accounts.staff, 'hopper')).reservations.map((r) => r.code)).toEqual([theirBooking!.code]);
    expect((await found(accounts.staff, 'grace@example')).reservations.map((r) => r.code)).toEqual([
      theirBooking!.code,
    ]);
    expect((await found(accounts.admin, 'lovelace')).reservations.map((r) => r.code)).toEqual([myBooking.code]);
  });

  it('lets an owner find their own booking by code and name, with the last initial only', async () => {
    const byCode = await found(accounts.owner, myBooking.code);
    expect(byCode.reservations).toHaveLength(1);
    expect(byCode.reservations[0]?.guestName).toBe('Ada L.');
    expect((await found(accounts.owner, 'Ada')).reservations.map((r) => r.code)).toEqual([myBooking.code]);
  });

  it('never shows an owner another owner’s booking, by code, name or e-mail, nor finds their own by e-mail', async () => {
    expect((await found(accounts.owner, theirBooking!.code)).reservations).toEqual([]);
    expect((await found(accounts.owner, 'Hopper')).reservations).toEqual([]);
    expect((await found(accounts.owner, 'grace@example.com')).reservations).toEqual([]);
    expect((await found(accounts.owner, guest.email)).reservations).toEqual([]);
    expect((await found(accounts.otherOwner, myBooking.code)).reservations).toEqual([]);
    expect((await found(accounts.otherOwner, theirBooking!.code)).reservations.map((r) => r.code)).toEqual([
      theirBooking!.code,
    ]);
  });

  it('finds homes by listing number or name, an owner only their own', async () => {
    const staffHomes = await found(accounts.staff, 'Bluebird');
    expect(staffHomes.homes.map((home) => home.propertyId).sort()).toEqual([mine.propertyId, theirs.propertyId].sort());
    expect((await found(accounts.staff, mine.propertyId)).homes).toEqual([
      { id: mine.id, propertyId: mine.propertyId, name: 'Bluebird Lodge', published: true },
    ]);
    expect((await found(accounts.owner, 'Bluebird')).homes.map((home) => home.id)).toEqual([mine.id]);
    expect((await found(accounts.owner, theirs.propertyId)).homes).toEqual([]);
  });

  it('answers a few of each at most, and takes % and _ literally', async () => {
    for (let i = 0; i < adminSearchLimit; i++) await bookStay(t.app, t.db, intentRequest(mine, nextStay()));
    expect((await found(accounts.staff, 'Lovelace')).reservations).toHaveLength(adminSearchLimit);
    expect(await found(accounts.staff, '%')).toEqual({ reservations: [], homes: [] });
    expect(await found(accounts.staff, '_')).toEqual({ reservations: [], homes: [] });
  });
});
