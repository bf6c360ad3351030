// The demo history written into a fresh database: the same rows the booking
// path, the scheduler and cancellation write, marked as the demo's, and what
// a new staff member then sees in the console. It is written as
// `npm run seed -- --demo-history` writes it into a running site: a request on
// the site's control socket (cli/seed.test.ts runs the command itself). One
// year of business is the dearest thing the unit run writes, so it is written
// once, here (ADR 033).
import {
  auditLog,
  bookingCancellations,
  bookingDeposits,
  bookingPayments,
  bookings,
  emailOutbox,
  ledgerEntries,
  ownerInquiries,
  paymentIntents,
  paymentRefunds,
  reviews,
  sandboxCharges,
  stays,
} from '@sas/db';
import {
  addMonths,
  adminDashboardSchema,
  adminReservationListSchema,
  adminStatementSchema,
  isDemoBookingCode,
  officeTimeZone,
  ownerStatementSchema,
  toCents,
  todayIn,
} from '@sas/domain';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchClientConcurrency } from '@sas/db/testing';
import { and, count, desc, eq, gte, like, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataDir, sendControlRequest, type DataDirClaim } from '../../cli/control-socket.js';
import { bookingDeps } from '../../lib/booking-deps.js';
import { createAccount, injectAs, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { monthBounds } from '../ledger/reports.js';
import { runPaymentScheduler } from '../schedule/index.js';
import { describeDemoHistory } from './index.js';
import { demoHistoryAction, demoHistoryRefusal, demoIntentPrefix, type DemoHistoryOutcome } from './history.js';

let t: TestApp;
let staff: TestAccount;
let outcome: DemoHistoryOutcome;
let dataDir: string;
let claim: DataDirClaim;
/** On PostgreSQL: the most queries one connection ran at once while the year was written. */
let mostQueriesOnOneConnection = 0;
const now = new Date();

/** `npm run seed -- --demo-history` against the site holding the data directory: its request on the socket. */
async function seedThroughSocket(): Promise<DemoHistoryOutcome> {
  const answer = await sendControlRequest(claim.socketPath, { command: 'seed', demoHistory: true }, 300_000);
  if (!answer.ok || !('demoHistory' in answer) || !answer.demoHistory) throw new Error('The seed request failed');
  return answer.demoHistory;
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createAccount(t.app, t.db, 'staff');
  // Short, so the socket path fits in sun_path.
  dataDir = await mkdtemp(join(tmpdir(), 'sas-demo-'));
  claim = await claimDataDir(dataDir, 'server');
  claim.serve(t.db);
  const connections = watchClientConcurrency();
  outcome = await seedThroughSocket().finally(() => connections.stop());
  mostQueriesOnOneConnection = connections.most();
}, 300_000);
afterAll(async () => {
  await claim?.release();
  await rm(dataDir, { recursive: true, force: true });
  await t.close();
});

describe('the demo history', () => {
  it('sends its transactions one query at a time (pg@9 refuses a query on a busy connection)', () => {
    expect(mostQueriesOnOneConnection).toBeLessThanOrEqual(1);
  });

  it('writes a year of bookings, owner stays, reviews and inquiries, and says so in the audit log', async () => {
    expect(outcome).toMatchObject({ status: 'seeded', cancelled: 2, inquiries: 2, skipped: 0 });
    if (outcome.status !== 'seeded') return;
    expect(outcome.bookings).toBeGreaterThan(300);
    expect(outcome.ownerBlocks).toBeGreaterThan(5);
    expect(outcome.reviews).toBeGreaterThan(20);
    const [owned] = await t.db.select({ n: count() }).from(stays).where(eq(stays.kind, 'owner_block'));
    expect(owned?.n).toBe(outcome.ownerBlocks);
    const [reviewed] = await t.db.select({ n: count() }).from(reviews).where(like(reviews.id, 'rv-demo-%'));
    expect(reviewed?.n).toBe(outcome.reviews);
    expect(await t.db.select().from(ownerInquiries)).toHaveLength(2);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, demoHistoryAction));
    expect(entry).toMatchObject({ entity: 'database', entityId: 'demo-history' });
    expect(entry?.actorEmail).toMatch(/^seed command \(.+\)$/);
    expect(describeDemoHistory(outcome)).toMatch(
      /^Wrote a year of demo business: \d+ bookings \(2 cancelled\), \d+ owner stays, \d+ reviews and 2 owner inquiries\.$/,
    );
  });

  it('marks every booking and payment as the demo’s and queues no e-mail', async () => {
    const rows = await t.db.select().from(bookings);
    expect(rows.length).toBe(outcome.status === 'seeded' ? outcome.bookings : -1);
    for (const booking of rows) {
      expect(isDemoBookingCode(booking.code)).toBe(true);
      expect(booking.email).toMatch(/@example\.com$/);
      expect(booking.createdAt.getTime()).toBeLessThan(now.getTime());
    }
    for (const intent of await t.db.select().from(paymentIntents)) {
      expect(intent.id.startsWith(demoIntentPrefix)).toBe(true);
      expect(intent.provider).toBe('sandbox');
    }
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
    expect(await t.db.select().from(sandboxCharges)).toEqual([]);
  });

  it('pays every booking’s schedule up to today and no further, adding up to its total', async () => {
    const charges = await t.db.select().from(bookingPayments);
    const homes = new Map(t.catalog.properties.map((home) => [home.id, home.timeZone]));
    let installments = 0;
    for (const booking of await t.db.select().from(bookings)) {
      const own = charges.filter((charge) => charge.bookingId === booking.id);
      expect(own.reduce((sum, charge) => sum + charge.amountCents, 0)).toBe(booking.totalCents);
      const today = todayIn(homes.get(booking.propertyId) ?? officeTimeZone, now);
      for (const charge of own) {
        if (booking.status === 'cancelled') continue;
        expect(charge.status).toBe(charge.dueDate <= today ? 'paid' : 'scheduled');
        if (charge.seq > 1 && charge.status === 'paid') installments += 1;
      }
    }
    expect(installments).toBeGreaterThan(5);
    expect(charges.some((charge) => charge.status === 'scheduled')).toBe(true);
  });

  it('holds a deposit now, and released the ones of stays that are over', async () => {
    const deposits = await t.db.select().from(bookingDeposits);
    const held = deposits.filter((deposit) => deposit.status === 'held');
    expect(held.length).toBeGreaterThan(0);
    for (const deposit of held) {
      const [hold] = await t.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, deposit.holdIntentId ?? ''));
      expect(hold?.status).toBe('requires_capture');
      expect(deposit.holdFrom.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    for (const deposit of deposits) {
      expect(deposit.validationStatus).toBe('refunded');
      if (deposit.releaseAt <= now) expect(['released', 'cancelled']).toContain(deposit.status);
      if (deposit.holdFrom > now) expect(['scheduled', 'cancelled']).toContain(deposit.status);
    }
    expect(deposits.some((deposit) => deposit.status === 'released' && deposit.holdCount > 1)).toBe(true);
  });

  it('cancelled two bookings by the policy, refunded them, and freed their nights', async () => {
    const cancelled = await t.db.select().from(bookings).where(eq(bookings.status, 'cancelled'));
    expect(cancelled).toHaveLength(2);
    const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.reason, 'cancellation'));
    for (const booking of cancelled) {
      const [cancellation] = await t.db
        .select()
        .from(bookingCancellations)
        .where(eq(bookingCancellations.bookingId, booking.id));
      expect(cancellation).toMatchObject({ status: 'done', refundChoice: 'policy', actor: 'guest' });
      expect(cancellation!.refundCents).toBeGreaterThan(0);
      const [stay] = await t.db.select().from(stays).where(eq(stays.id, booking.stayId));
      expect(stay?.status).toBe('released');
    }
    expect(refunds.reduce((sum, refund) => sum + refund.amountCents, 0)).toBeGreaterThan(0);
  });

  it('leaves the payment scheduler nothing to do now: the demo is where the scheduler would have left it', async () => {
    expect(await runPaymentScheduler(bookingDeps(t.app), now)).toEqual({
      charged: 0,
      failed: 0,
      cancelled: 0,
      held: 0,
      released: 0,
    });
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });

  it('fills the console: a dashboard with every past month, reservations, and statements', async () => {
    const dashboard = adminDashboardSchema.parse(
      (await injectAs(t.app, staff, { method: 'GET', url: '/api/admin/dashboard' })).json(),
    );
    const thisMonth = dashboard.today.slice(0, 7);
    const past = dashboard.total.filter((month) => month.month < thisMonth && month.month >= addMonths(thisMonth, -11));
    expect(past).toHaveLength(11);
    for (const month of past) expect(month.revenue).toBeGreaterThan(0);
    expect(dashboard.arrivals.length + dashboard.departures.length).toBeGreaterThan(0);

    const list = adminReservationListSchema.parse(
      (await injectAs(t.app, staff, { method: 'GET', url: '/api/admin/reservations' })).json(),
    );
    expect(list.length).toBe(outcome.status === 'seeded' ? outcome.bookings : -1);

    const lastMonth = addMonths(thisMonth, -1);
    const statement = adminStatementSchema.parse(
      (await injectAs(t.app, staff, { method: 'GET', url: `/api/admin/statements?month=${lastMonth}` })).json(),
    );
    const busy = statement.homes.filter((home) => home.bookings.length > 0);
    expect(busy.length).toBeGreaterThan(statement.homes.length / 2);
  });

  it('gives an owner added later (npm run users) the stays of their home, on their statements, balanced', async () => {
    const lastMonth = addMonths(todayIn(officeTimeZone, now).slice(0, 7), -1);
    const { start, end } = monthBounds(lastMonth);
    const [busiest] = await t.db
      .select({ propertyId: bookings.propertyId, n: count() })
      .from(bookings)
      .where(and(gte(bookings.checkIn, start), lt(bookings.checkIn, end), eq(bookings.status, 'confirmed')))
      .groupBy(bookings.propertyId)
      .orderBy(desc(count()))
      .limit(1);
    const home = t.catalog.properties.find((property) => property.id === busiest?.propertyId);
    if (!home) throw new Error('No demo stay checked in last month');
    const payable = async (party: string | null) => {
      const rows = await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.propertyId, home.id), eq(ledgerEntries.account, 'owner_payable')));
      return rows.filter((row) => row.party === party).reduce((sum, row) => sum + row.creditCents - row.debitCents, 0);
    };
    // Written before any owner existed: the demo's owner payable sits with no owner.
    const unowned = await payable(null);
    expect(unowned).toBeGreaterThan(0);
    const answer = await sendControlRequest(claim.socketPath, {
      command: 'upsert-user',
      email: 'demo-owner@example.com',
      role: 'owner',
      homes: [home.propertyId],
    });
    if (!answer.ok || !('user' in answer)) throw new Error('The users command failed');
    const ownerId = answer.user.id;
    expect(await payable(null)).toBe(0);
    expect(await payable(ownerId)).toBe(unowned);
    const all = await t.db.select().from(ledgerEntries);
    expect(all.reduce((sum, row) => sum + row.debitCents - row.creditCents, 0)).toBe(0);

    const response = await injectAs(t.app, staff, { url: `/api/admin/owners/${ownerId}/statements/${lastMonth}` });
    expect(response.statusCode, response.body).toBe(200);
    const statement = ownerStatementSchema.parse(response.json());
    expect(statement.lines.length).toBe(busiest?.n);
    expect(toCents(statement.netPayout)).toBeGreaterThan(0);
    expect(toCents(statement.netPayout)).toBe(
      toCents(statement.grossRent) -
        toCents(statement.discounts) -
        toCents(statement.commission) -
        toCents(statement.cleaning),
    );
  });

  it('is written once: a database with bookings is left alone', async () => {
    const [before] = await t.db.select({ n: count() }).from(bookings);
    const again = await seedThroughSocket();
    expect(again).toEqual({ status: 'skipped', reason: demoHistoryRefusal });
    expect(describeDemoHistory(again)).toBe(`No demo history written: ${demoHistoryRefusal}`);
    const [after] = await t.db.select({ n: count() }).from(bookings);
    expect(after?.n).toBe(before?.n);
  });
});
