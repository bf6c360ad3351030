import type { bookings } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import {
  addDays,
  adminDashboardSchema,
  adminStatementSchema,
  eachNight,
  nightlyShares,
  todayIn,
  type AdminDashboard,
  type AdminStatement,
} from '@sas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAtQuote, createBookableHome, nextStay, weekdayTotalCents } from '../../../test/booking.js';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let home: PropertyRow;
let otherHome: PropertyRow;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
type BookingRow = typeof bookings.$inferSelect;
let later: BookingRow;
let soon: BookingRow;
let elsewhere: BookingRow;

const book = (where: PropertyRow, stay: { checkIn: string; checkOut: string }): Promise<BookingRow> =>
  bookAtQuote(t.app, t.db, where, stay);

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
  later = await book(home, nextStay(3));
  const tomorrow = addDays(todayIn('America/Denver'), 1);
  soon = await book(home, { checkIn: tomorrow, checkOut: addDays(tomorrow, 3) });
  elsewhere = await book(otherHome, nextStay(3));
  // A cancelled booking counts for nothing.
  const cancelled = await book(home, nextStay(3));
  const cancel = await injectAs(t.app, accounts.staff, {
    method: 'POST',
    url: `/api/admin/reservations/${cancelled.code}/cancel`,
    payload: { refund: 'none' },
  });
  expect(cancel.statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

function get(account: TestAccount | null, url: string) {
  return injectAs(t.app, account, { method: 'GET', url });
}

const total = weekdayTotalCents(3);

/** The booking's nights by month. */
function nightsByMonth(booking: BookingRow): Map<string, number> {
  const months = new Map<string, number>();
  for (const night of eachNight(booking.checkIn, booking.checkOut)) {
    months.set(night.slice(0, 7), (months.get(night.slice(0, 7)) ?? 0) + 1);
  }
  return months;
}

describe('GET /api/admin/dashboard', () => {
  it('answers occupancy and revenue per month per home and in total, by role', async () => {
    expect((await get(null, '/api/admin/dashboard')).statusCode).toBe(401);
    expect((await get(accounts.guest, '/api/admin/dashboard')).statusCode).toBe(403);

    const staff = adminDashboardSchema.parse((await get(accounts.staff, '/api/admin/dashboard')).json());
    expect(staff.months).toHaveLength(24);
    expect(staff.months[12]).toBe(staff.today.slice(0, 7));
    expect(staff.homes.map((h) => h.id).sort()).toEqual([home.id, otherHome.id].sort());

    const mine = staff.homes.find((h) => h.id === home.id)!;
    const expected = new Map<string, number>();
    for (const booking of [later, soon]) {
      for (const [month, nights] of nightsByMonth(booking)) expected.set(month, (expected.get(month) ?? 0) + nights);
    }
    for (const stat of mine.months) {
      expect(stat.bookedNights).toBe(expected.get(stat.month) ?? 0);
      expect(stat.occupancy).toBe(Math.round((stat.bookedNights / stat.availableNights) * 1000) / 10);
    }
    const revenue = mine.months.reduce((sum, m) => sum + Math.round(m.revenue * 100), 0);
    expect(revenue).toBe(later.totalCents + soon.totalCents);
    expect(later.totalCents).toBe(total);

    for (const [i, month] of staff.total.entries()) {
      const perHome = staff.homes.map((h) => h.months[i]!);
      expect(month.bookedNights).toBe(perHome.reduce((sum, m) => sum + m.bookedNights, 0));
      expect(month.availableNights).toBe(perHome.reduce((sum, m) => sum + m.availableNights, 0));
    }
    expect(staff.arrivals).toEqual([
      expect.objectContaining({
        code: soon.code,
        date: soon.checkIn,
        firstName: 'Ada',
        lastName: 'Lovelace',
        guests: 3,
      }),
    ]);
    expect(staff.departures.map((d) => d.code)).toEqual([soon.code]);
    expect((await get(accounts.admin, '/api/admin/dashboard')).json<AdminDashboard>().homes).toHaveLength(2);

    const owner = (await get(accounts.owner, '/api/admin/dashboard')).json<AdminDashboard>();
    expect(owner.homes.map((h) => h.id)).toEqual([home.id]);
    expect(owner.arrivals[0]?.lastName).toBe('L.');
    const other = (await get(accounts.otherOwner, '/api/admin/dashboard')).json<AdminDashboard>();
    expect(other.homes.map((h) => h.id)).toEqual([otherHome.id]);
    expect(other.arrivals).toEqual([]);
    expect(other.homes[0]!.months.reduce((sum, m) => sum + m.bookedNights, 0)).toBe(elsewhere.nights);
  });
});

describe('GET /api/admin/statements', () => {
  it("lists a month's confirmed bookings and gross: owners their homes, staff any", async () => {
    const month = later.checkIn.slice(0, 7);
    const url = `/api/admin/statements?month=${month}`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(accounts.guest, url)).statusCode).toBe(403);
    expect((await get(accounts.otherOwner, `${url}&propertyId=${home.propertyId}`)).statusCode).toBe(404);
    expect((await get(accounts.staff, '/api/admin/statements?month=2030-13')).statusCode).toBe(400);

    const owner = adminStatementSchema.parse((await get(accounts.owner, url)).json());
    expect(owner.homes.map((h) => h.id)).toEqual([home.id]);
    const line = owner.homes[0]!.bookings.find((b) => b.code === later.code);
    const nightsInMonth = nightsByMonth(later).get(month)!;
    expect(line).toMatchObject({ nightsInMonth, totalAmount: total / 100, firstName: 'Ada', lastName: 'L.' });
    const shares = nightlyShares(later).filter(([night]) => night.startsWith(month));
    expect(Math.round(line!.grossInMonth * 100)).toBe(shares.reduce((sum, [, cents]) => sum + cents, 0));
    expect(owner.totals.gross).toBe(owner.homes[0]!.gross);

    const staff = (await get(accounts.staff, `${url}&propertyId=${home.slug}`)).json<AdminStatement>();
    expect(staff.homes.map((h) => h.id)).toEqual([home.id]);
    expect(staff.homes[0]!.bookings.find((b) => b.code === later.code)?.lastName).toBe('Lovelace');
    const all = (await get(accounts.admin, url)).json<AdminStatement>();
    expect(all.homes).toHaveLength(2);
    expect(all.totals.bookings).toBe(all.homes.reduce((sum, h) => sum + h.bookings.length, 0));
  });
});

describe('OpenAPI', () => {
  it('describes the calendar, reservation and dashboard routes from their schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const [path, method, status] of [
      ['/api/admin/calendar', 'get', '200'],
      ['/api/admin/properties/{id}/blocks', 'post', '409'],
      ['/api/admin/blocks/{id}', 'delete', '204'],
      ['/api/admin/reservations', 'get', '200'],
      ['/api/admin/reservations.csv', 'get', '200'],
      ['/api/admin/reservations/{code}', 'get', '404'],
      ['/api/admin/reservations/{code}/notes', 'post', '201'],
      ['/api/admin/reservations/{code}/resend-confirmation', 'post', '429'],
      ['/api/admin/reservations/{code}/cancel-preview', 'get', '200'],
      ['/api/admin/reservations/{code}/cancel', 'post', '422'],
      ['/api/admin/dashboard', 'get', '200'],
      ['/api/admin/statements', 'get', '200'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses[status], `${method} ${path} ${status}`).toBeDefined();
    }
  });
});
