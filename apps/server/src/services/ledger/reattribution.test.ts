// The owner of a stay is the home's owner on its nights (issue 29, ADR 046):
// an owner given a home after its stays were paid gets their payable, and
// their statement shows them; a home passing from one owner to another moves
// only the stays from the change on; removing an owner moves those back to
// "no owner". Every move is one balanced movement per booking, written once.
import { ledgerEntries, ownerAccounts, type bookings, type Database } from '@sas/db';
import { nightsBetween, ownerStatementSchema, todayIn, toCents, type OwnerStatement } from '@sas/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDeps } from '../../lib/booking-deps.js';
import { testClockHeader } from '../../plugins/clock.js';
import { cancelBooking } from '../booking/cancel.js';
import { bookStay, createBookableHome, intentRequest, nextStay } from '../../test/booking.js';
import { createAccount, injectAs, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { reattributeHomeStays } from './post.js';

type BookingRow = typeof bookings.$inferSelect;

let t: TestApp;
let admin: TestAccount;
let olive: TestAccount;
let otto: TestAccount;
let home: { id: string; slug: string; timeZone: string };
/** Paid while the home had no owner: two stays a week apart, one cancelled at 50%, one cancelled in full. */
let early: BookingRow;
let later: BookingRow;
let halfCancelled: BookingRow;
let fullyCancelled: BookingRow;

async function cancel(booking: BookingRow, cents: number) {
  const outcome = await cancelBooking(
    bookingDeps(t.app),
    { code: booking.code, actor: { kind: 'staff', userId: null, label: 'Test' }, refund: { choice: 'amount', cents } },
    new Date(),
  );
  expect(outcome.status).toBe('cancelled');
}

beforeAll(async () => {
  t = await buildTestApp({ TEST_CLOCK: 'true' }, { seed: false });
  home = await createBookableHome(t.db);
  admin = await createAccount(t.app, t.db, 'admin');
  olive = await createAccount(t.app, t.db, 'owner', { firstName: 'Olive', lastName: 'Owner' });
  otto = await createAccount(t.app, t.db, 'owner', { firstName: 'Otto', lastName: 'Other' });
  await t.db.insert(ownerAccounts).values({ userId: olive.id, commissionBps: 1500 });
  early = await bookStay(t.app, t.db, intentRequest(home, nextStay(3)));
  later = await bookStay(t.app, t.db, intentRequest(home, nextStay(3)));
  halfCancelled = await bookStay(t.app, t.db, intentRequest(home, nextStay(3)));
  await cancel(halfCancelled, Math.round(halfCancelled.totalCents / 2));
  fullyCancelled = await bookStay(t.app, t.db, intentRequest(home, nextStay(3)));
  await cancel(fullyCancelled, fullyCancelled.totalCents);
});

afterAll(async () => {
  await t?.close();
});

/** PATCH an owner's homes as the admin, `days` from now by the app's clock. */
async function setHomes(owner: TestAccount, homes: string[], days = 0) {
  const response = await injectAs(t.app, admin, {
    method: 'PATCH',
    url: `/api/admin/users/${owner.id}`,
    payload: { homes },
    headers: { [testClockHeader]: String(days) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function ledgerOf(db: Database, bookingId?: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(bookingId ? eq(ledgerEntries.bookingId, bookingId) : undefined)
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.movement), asc(ledgerEntries.line));
}

/** The booking's owner payable per party ('' for no owner), cents, zero balances left out. */
async function payableOf(booking: BookingRow): Promise<Record<string, number>> {
  const balances: Record<string, number> = {};
  for (const row of await ledgerOf(t.db, booking.id)) {
    if (row.account !== 'owner_payable') continue;
    const party = row.party ?? '';
    balances[party] = (balances[party] ?? 0) + row.creditCents - row.debitCents;
  }
  return Object.fromEntries(Object.entries(balances).filter(([, cents]) => cents !== 0));
}

async function expectBalanced(booking?: BookingRow) {
  const rows = await ledgerOf(t.db, booking?.id);
  expect(rows.reduce((sum, row) => sum + row.debitCents - row.creditCents, 0)).toBe(0);
  // And each movement on its own.
  const movements = new Map<string, number>();
  for (const row of rows)
    movements.set(row.movement, (movements.get(row.movement) ?? 0) + row.debitCents - row.creditCents);
  expect([...movements.values()].every((cents) => cents === 0)).toBe(true);
}

async function statementOf(owner: TestAccount, month: string): Promise<OwnerStatement> {
  const response = await injectAs(t.app, owner, { url: `/api/admin/owners/${owner.id}/statements/${month}` });
  expect(response.statusCode, response.body).toBe(200);
  return ownerStatementSchema.parse(response.json());
}

const codesOf = (statement: OwnerStatement) => statement.lines.map((line) => line.booking);
/** The owner's share of a $600 weekday stay charged at the default 20% commission. */
const ownerShare = 48_000;

describe('an owner given a home after its stays were paid', () => {
  it('the stays were paid with no owner, and no statement shows them', async () => {
    expect(await payableOf(early)).toEqual({ '': ownerShare });
    expect(Object.keys(await payableOf(halfCancelled))).toEqual(['']);
    expect(await payableOf(fullyCancelled)).toEqual({});
    expect(codesOf(await statementOf(olive, early.checkIn.slice(0, 7)))).toEqual([]);
  });

  it('moves every balance that sits with no owner to them, in one balanced movement per booking', async () => {
    const halfBefore = (await payableOf(halfCancelled))[''];
    const commissionBefore = (await ledgerOf(t.db, early.id))
      .filter((row) => row.account === 'revenue_commission')
      .reduce((sum, row) => sum + row.creditCents - row.debitCents, 0);
    await setHomes(olive, [home.id]);
    expect(await payableOf(early)).toEqual({ [olive.id]: ownerShare });
    expect(await payableOf(later)).toEqual({ [olive.id]: ownerShare });
    expect(await payableOf(halfCancelled)).toEqual({ [olive.id]: halfBefore });
    for (const booking of [early, later, halfCancelled, fullyCancelled]) await expectBalanced(booking);
    await expectBalanced();
    const moves = (await ledgerOf(t.db)).filter((row) => row.kind === 'reattribution');
    // Three bookings with a balance; the one refunded in full had nothing to move.
    expect(new Set(moves.map((row) => row.movement)).size).toBe(3);
    expect(moves.every((row) => row.memo.startsWith('Owner re-attribution SAS-'))).toBe(true);
    expect(moves.find((row) => row.bookingId === early.id && row.line === 0)).toMatchObject({
      party: null,
      debitCents: ownerShare,
    });
    // Commission stays as it was posted (the default 20%, not Olive's 15%).
    const commissionAfter = (await ledgerOf(t.db, early.id))
      .filter((row) => row.account === 'revenue_commission')
      .reduce((sum, row) => sum + row.creditCents - row.debitCents, 0);
    expect(commissionAfter).toBe(commissionBefore);
  });

  it('her statement lists the stays with their payable, net = gross - discounts - commission - cleaning', async () => {
    const month = early.checkIn.slice(0, 7);
    const statement = await statementOf(olive, month);
    expect(codesOf(statement)).toContain(early.code);
    const line = statement.lines.find((l) => l.booking === early.code);
    expect(toCents(line!.netPayout)).toBe(ownerShare);
    expect(toCents(line!.commission)).toBe(12_000);
    expect(toCents(statement.netPayout)).toBe(
      toCents(statement.grossRent) -
        toCents(statement.discounts) -
        toCents(statement.commission) -
        toCents(statement.cleaning) -
        toCents(statement.expenses),
    );
  });

  it('writes nothing when repeated or when nothing changes', async () => {
    const before = (await ledgerOf(t.db)).length;
    await setHomes(olive, [home.id]);
    expect(await t.db.transaction((tx) => reattributeHomeStays(tx, home.id, new Date()))).toBe(0);
    expect(await ledgerOf(t.db)).toHaveLength(before);
  });
});

describe('a home passing from one owner to another', () => {
  /** Days from today (the home's) to a change date between the early stay and the later one. */
  const daysToChange = () => nightsBetween(todayIn(home.timeZone), early.checkIn) + 3;

  it('moves only the stays checking in on or after the change date', async () => {
    expect(later.checkIn > early.checkIn).toBe(true);
    const before = (await ledgerOf(t.db)).length;
    await setHomes(olive, [], daysToChange());
    await setHomes(otto, [home.id], daysToChange());
    expect(await payableOf(early)).toEqual({ [olive.id]: ownerShare });
    expect(await payableOf(later)).toEqual({ [otto.id]: ownerShare });
    await expectBalanced();
    // Olive leaving moved the later stays to no owner, Otto arriving moved them to him.
    const moves = (await ledgerOf(t.db)).slice(before);
    expect(moves.every((row) => row.kind === 'reattribution' && row.account === 'owner_payable')).toBe(true);
    expect(moves.filter((row) => row.bookingId === early.id)).toEqual([]);
  });

  it('each statement lists the stays attributed to its owner now, a cancelled one included', async () => {
    const months = [...new Set([early, later, halfCancelled, fullyCancelled].map((b) => b.checkIn.slice(0, 7)))];
    const listed = { olive: [] as string[], otto: [] as string[] };
    for (const month of months) {
      listed.olive.push(...codesOf(await statementOf(olive, month)));
      listed.otto.push(...codesOf(await statementOf(otto, month)));
    }
    expect(listed.olive).toEqual([early.code]);
    expect(listed.otto.sort()).toEqual([later.code, halfCancelled.code].sort());
    // A stay of Otto's cancelled in full stays on his statement, at nothing.
    const cancelledOfHis = await bookStay(t.app, t.db, intentRequest(home, nextStay(3)));
    await cancel(cancelledOfHis, cancelledOfHis.totalCents);
    // A repeat at the change's time finds every stay attributed already (the one refunded in full had nothing to move).
    const changedAt = new Date(Date.now() + daysToChange() * 86_400_000);
    expect(await t.db.transaction((tx) => reattributeHomeStays(tx, home.id, changedAt))).toBe(0);
    expect(await payableOf(cancelledOfHis)).toEqual({});
    const his = await statementOf(otto, cancelledOfHis.checkIn.slice(0, 7));
    expect(his.lines.find((l) => l.booking === cancelledOfHis.code)).toMatchObject({ netPayout: 0 });
  });

  it("a refund of a stay that stays with the old owner comes from the old owner's payable", async () => {
    await cancel(early, 10_000);
    const payable = await payableOf(early);
    expect(Object.keys(payable)).toEqual([olive.id]);
    expect(payable[olive.id]).toBeLessThan(ownerShare);
    await expectBalanced(early);
    expect(codesOf(await statementOf(olive, early.checkIn.slice(0, 7)))).toContain(early.code);
  });
});

describe('removing an owner', () => {
  it("moves the stays from the change on back to no owner, and off the owner's statement", async () => {
    const change = nightsBetween(todayIn(home.timeZone), early.checkIn) + 3;
    await setHomes(otto, [], change);
    expect(await payableOf(later)).toEqual({ '': ownerShare });
    await expectBalanced();
    expect(codesOf(await statementOf(otto, later.checkIn.slice(0, 7)))).not.toContain(later.code);
    const journal = await injectAs(t.app, admin, { url: `/api/admin/ledger?booking=${later.code}` });
    expect(journal.statusCode).toBe(200);
    const accounts = journal.json<{ account: string; memo: string }[]>().map((row) => row.account);
    expect(accounts).toContain('Owner payable: no owner');
    expect(accounts).toContain('Owner payable: Otto Other');
    // A stay paid while the home has no owner has no owner; the next owner gets it.
    const unowned = await bookStay(t.app, t.db, intentRequest(home, nextStay(3)));
    expect(await payableOf(unowned)).toEqual({ '': ownerShare });
    await setHomes(olive, [home.id]);
    expect(await payableOf(unowned)).toEqual({ [olive.id]: ownerShare });
    expect(await payableOf(later)).toEqual({ [olive.id]: ownerShare });
    await expectBalanced();
    const [row] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, later.id), eq(ledgerEntries.kind, 'reattribution')));
    expect(row).toBeDefined();
  });
});
