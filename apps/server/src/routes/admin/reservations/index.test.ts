import { auditLog, bookings, emailOutbox, paymentRefunds } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import {
  adminCancelResultSchema,
  adminReservationDetailSchema,
  adminReservationListSchema,
  type AdminCancelResult,
  type BookingContact,
  type AdminReservationDetail,
  type AdminReservationListItem,
} from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  guest,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
  weekdayTotalCents,
} from '../../../test/booking.js';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let home: PropertyRow;
let otherHome: PropertyRow;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
type BookingRow = typeof bookings.$inferSelect;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function book(where = home, contact: Partial<BookingContact> = {}): Promise<BookingRow> {
  const stay = nextStay(3);
  const intent = await createIntent(t.app, intentRequest(where, stay, { contact: { ...guest, ...contact } }));
  expect((await payWithCard(t.app, intent)).status).toBe(200);
  const confirmed = await postConfirm(
    t.app,
    confirmationPayload(intent, { propertyId: where.id, ...stay }, { ...guest, ...contact }),
  );
  expect(confirmed.status).toBe(200);
  const [row] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
  return row!;
}

function get(account: TestAccount | null, url: string) {
  return injectAs(t.app, account, { method: 'GET', url });
}

function post(account: TestAccount | null, url: string, payload?: Record<string, unknown>) {
  return injectAs(t.app, account, { method: 'POST', url, ...(payload === undefined ? {} : { payload }) });
}

const paid = weekdayTotalCents(3);

describe('GET /api/admin/reservations and the CSV', () => {
  it('lists reservations by role: owners their homes, last initial, no e-mail', async () => {
    const mine = await book(home, { lastName: 'Byron', email: 'ada.byron@example.com' });
    const theirs = await book(otherHome, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });

    expect((await get(null, '/api/admin/reservations')).statusCode).toBe(401);
    expect((await get(accounts.guest, '/api/admin/reservations')).statusCode).toBe(403);

    const forStaff = adminReservationListSchema.parse((await get(accounts.staff, '/api/admin/reservations')).json());
    expect(forStaff.find((r) => r.code === mine.code)).toMatchObject({
      propertyId: home.propertyId,
      propertyName: 'Bluebird Lodge',
      status: 'confirmed',
      totalAmount: paid / 100,
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'ada.byron@example.com',
      checkIn: mine.checkIn,
      checkOut: mine.checkOut,
    });
    expect(forStaff.some((r) => r.code === theirs.code)).toBe(true);
    const forAdmin = (await get(accounts.admin, '/api/admin/reservations')).json<AdminReservationListItem[]>();
    expect(forAdmin.length).toBe(forStaff.length);

    const forOwner = adminReservationListSchema.parse((await get(accounts.owner, '/api/admin/reservations')).json());
    expect(forOwner.every((r) => r.propertyId === home.propertyId)).toBe(true);
    expect(forOwner.find((r) => r.code === mine.code)).toMatchObject({ lastName: 'B.', email: null });
    expect((await get(accounts.otherOwner, `/api/admin/reservations?propertyId=${home.propertyId}`)).statusCode).toBe(
      404,
    );
    const other = (await get(accounts.otherOwner, '/api/admin/reservations')).json<AdminReservationListItem[]>();
    expect(other.map((r) => r.code)).toEqual([theirs.code]);
  });

  it('filters by home, dates, status and a search of code, name or e-mail (not e-mail for owners)', async () => {
    const target = await book(home, { firstName: 'Katherine', lastName: 'Johnson', email: 'kj@nasa.example' });
    const codes = async (account: TestAccount, query: string) =>
      (await get(account, `/api/admin/reservations?${query}`)).json<AdminReservationListItem[]>().map((r) => r.code);

    expect(await codes(accounts.staff, `q=${target.code.toLowerCase()}`)).toEqual([target.code]);
    expect(await codes(accounts.staff, 'q=katherine%20johnson')).toEqual([target.code]);
    expect(await codes(accounts.staff, 'q=kj@nasa')).toEqual([target.code]);
    expect(await codes(accounts.owner, 'q=kj@nasa')).toEqual([]);
    expect(await codes(accounts.owner, 'q=Johnson')).toEqual([target.code]);
    expect(await codes(accounts.staff, 'q=100%25')).toEqual([]);
    expect(await codes(accounts.staff, `from=${target.checkIn}&to=${target.checkOut}`)).toEqual([target.code]);
    expect(await codes(accounts.staff, `propertyId=${otherHome.slug}&q=Johnson`)).toEqual([]);
    expect(await codes(accounts.staff, 'status=cancelled&q=Johnson')).toEqual([]);
    expect((await get(accounts.staff, '/api/admin/reservations?status=maybe')).statusCode).toBe(400);
    expect((await get(accounts.staff, '/api/admin/reservations?from=2030-02-02&to=2030-01-01')).statusCode).toBe(400);
  });

  it('exports the same list as a CSV attachment', async () => {
    const row = await book(home, { firstName: 'Dorothy', lastName: 'Vaughan, Jr.', email: 'dv@example.com' });
    expect((await get(null, '/api/admin/reservations.csv')).statusCode).toBe(401);
    expect((await get(accounts.guest, '/api/admin/reservations.csv')).statusCode).toBe(403);

    const csv = await get(accounts.staff, `/api/admin/reservations.csv?q=${row.code}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="reservations.csv"');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'code,propertyId,propertyName,checkIn,checkOut,nights,status,totalAmount,firstName,lastName,email,bookedAt',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${row.code},${home.propertyId},Bluebird Lodge,${row.checkIn}`);
    expect(lines[1]).toContain('"Vaughan, Jr.",dv@example.com');

    expect((await get(accounts.admin, `/api/admin/reservations.csv?q=${row.code}`)).body).toContain('dv@example.com');
    const forOwner = await get(accounts.owner, `/api/admin/reservations.csv?q=${row.code}`);
    expect(forOwner.body).not.toContain('dv@example.com');
    expect(forOwner.body).toContain(',Dorothy,V.,,');
    expect(
      (await get(accounts.otherOwner, `/api/admin/reservations.csv?q=${row.code}`)).body.trim().split('\n'),
    ).toHaveLength(1);
  });
});

describe('GET /api/admin/reservations/{code}', () => {
  it('shows staff everything, owners no contact, notes or e-mails, other owners nothing', async () => {
    const row = await book(home);
    const url = `/api/admin/reservations/${row.code}`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(accounts.guest, url)).statusCode).toBe(403);
    expect((await get(accounts.otherOwner, url)).statusCode).toBe(404);
    expect((await get(accounts.staff, '/api/admin/reservations/SAS-NOPE00')).statusCode).toBe(404);

    const detail = adminReservationDetailSchema.parse((await get(accounts.staff, url)).json());
    expect(detail).toMatchObject({
      code: row.code,
      status: 'confirmed',
      property: { id: home.id, propertyId: home.propertyId },
      guest: { firstName: 'Ada', lastName: 'Lovelace', email: guest.email, phoneNumber: guest.phoneNumber },
      party: { adults: 2, children: 1, infants: 0, pets: 0 },
      totalAmount: paid / 100,
      cancellation: null,
    });
    const linesTotal = detail.priceLines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    expect(linesTotal).toBe(paid);
    expect(detail.payments).toEqual([expect.objectContaining({ id: row.paymentIntentId, amount: paid / 100 })]);
    expect(detail.emails.map((e) => e.kind)).toContain('booking_confirmation');
    expect((await get(accounts.admin, url)).statusCode).toBe(200);

    const forOwner = (await get(accounts.owner, url.toLowerCase())).json<AdminReservationDetail>();
    expect(forOwner.guest).toEqual({ firstName: 'Ada', lastName: 'L.', email: null, phoneNumber: null });
    expect(forOwner.emails).toEqual([]);
    expect(forOwner.notes).toEqual([]);
  });
});

describe('notes and resending the confirmation', () => {
  it('lets staff and admins add notes, audited; not owners', async () => {
    const row = await book(home);
    const url = `/api/admin/reservations/${row.code}/notes`;
    expect((await post(null, url, { body: 'Late arrival' })).statusCode).toBe(401);
    expect((await post(accounts.guest, url, { body: 'Late arrival' })).statusCode).toBe(403);
    expect((await post(accounts.owner, url, { body: 'Late arrival' })).statusCode).toBe(403);
    expect((await post(accounts.otherOwner, url, { body: 'Late arrival' })).statusCode).toBe(403);
    expect((await post(accounts.staff, url, { body: '   ' })).statusCode).toBe(400);
    const created = await post(accounts.staff, url, { body: 'Late arrival, around 11 pm' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ body: 'Late arrival, around 11 pm', authorEmail: accounts.staff.email });
    expect((await post(accounts.admin, url, { body: 'Called back' })).statusCode).toBe(201);
    const detail = (await get(accounts.staff, `/api/admin/reservations/${row.code}`)).json<AdminReservationDetail>();
    expect(detail.notes.map((n) => n.body)).toEqual(['Late arrival, around 11 pm', 'Called back']);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reservation.note'), eq(auditLog.entityId, row.code)));
    expect(audits).toHaveLength(2);
  });

  it('queues a copy through the outbox, one a minute, never for a cancelled booking', async () => {
    const row = await book(home);
    const url = `/api/admin/reservations/${row.code}/resend-confirmation`;
    expect((await post(null, url)).statusCode).toBe(401);
    expect((await post(accounts.guest, url)).statusCode).toBe(403);
    expect((await post(accounts.owner, url)).statusCode).toBe(403);
    expect((await post(accounts.otherOwner, url)).statusCode).toBe(403);
    const sent = await post(accounts.staff, url);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ queued: true, to: guest.email });
    expect((await post(accounts.admin, url)).statusCode).toBe(429);
    const copies = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, `booking:${row.id}`), eq(emailOutbox.kind, 'booking_confirmation_resend')));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.subject).toContain(row.code);

    await post(accounts.staff, `/api/admin/reservations/${row.code}/cancel`, { refund: 'none' });
    expect((await post(accounts.staff, url)).statusCode).toBe(409);
  });
});

describe('cancelling', () => {
  it('previews the refund and cancels once under a double click, for staff and admins only', async () => {
    const row = await book(home);
    const preview = `/api/admin/reservations/${row.code}/cancel-preview`;
    const url = `/api/admin/reservations/${row.code}/cancel`;
    for (const account of [null, accounts.guest, accounts.owner, accounts.otherOwner]) {
      const expected = account === null ? 401 : 403;
      expect((await get(account, preview)).statusCode).toBe(expected);
      expect((await post(account, url, { refund: 'policy' })).statusCode).toBe(expected);
    }
    // Booked a moment ago: the policy gives everything back.
    expect((await get(accounts.staff, preview)).json()).toEqual({
      code: row.code,
      paidAmount: paid / 100,
      policyPercent: 100,
      policyRefundAmount: paid / 100,
      fullRefundAmount: paid / 100,
    });
    expect((await post(accounts.staff, url, { refundAmount: paid / 100 + 0.01 })).statusCode).toBe(422);
    expect((await post(accounts.staff, url, { refund: 'half' })).statusCode).toBe(400);
    expect((await post(accounts.staff, url, { refund: 'full', refundAmount: 1 })).statusCode).toBe(400);

    const refund = vi.spyOn(t.app.payments, 'refund');
    const [a, b] = await Promise.all([
      post(accounts.staff, url, { refund: 'policy' }),
      post(accounts.admin, url, { refundAmount: 10.5 }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    // The same decision; refundStatus says where the refund is now, which the
    // request that did not issue it may see still pending.
    const decision = (body: AdminCancelResult) => ({ ...body, refundStatus: undefined });
    expect(decision(a.json<AdminCancelResult>())).toEqual(decision(b.json<AdminCancelResult>()));
    const result = adminCancelResultSchema.parse(a.json());
    expect(result.status).toBe('cancelled');
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]?.[0].idempotencyKey).toBe(`cancel-${row.id}`);
    refund.mockRestore();

    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentIntentId, row.paymentIntentId));
    expect(refunds.map((r) => r.amountCents)).toEqual([Math.round(result.refundedAmount * 100)]);
    expect((await post(accounts.staff, url, { refund: 'none' })).json()).toEqual({ ...result, refundStatus: 'done' });
    expect((await get(accounts.staff, preview)).statusCode).toBe(409);

    const detail = (await get(accounts.staff, `/api/admin/reservations/${row.code}`)).json<AdminReservationDetail>();
    expect(detail.status).toBe('cancelled');
    expect(detail.cancellation).toMatchObject({
      actor: 'staff',
      refundStatus: 'done',
      refundAmount: result.refundedAmount,
    });
    expect(detail.refunds).toHaveLength(1);
    expect(detail.emails.map((e) => e.kind)).toEqual(expect.arrayContaining(['booking_cancelled']));
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reservation.cancel'), eq(auditLog.entityId, row.code)));
    expect(audits).toHaveLength(1);
  });

  it('refunds an amount in dollars, or nothing without calling the provider', async () => {
    const some = await book(home);
    const answer = await post(accounts.admin, `/api/admin/reservations/${some.code}/cancel`, { refundAmount: 10.5 });
    expect(answer.json()).toMatchObject({ refundChoice: 'amount', refundedAmount: 10.5, refundStatus: 'done' });

    const none = await book(home);
    const refund = vi.spyOn(t.app.payments, 'refund');
    const nothing = await post(accounts.staff, `/api/admin/reservations/${none.code}/cancel`, { refund: 'none' });
    expect(nothing.json()).toMatchObject({ refundChoice: 'none', refundedAmount: 0, refundStatus: 'done' });
    expect(refund).not.toHaveBeenCalled();
    refund.mockRestore();
    expect(
      (await post(accounts.staff, '/api/admin/reservations/SAS-NOPE00/cancel', { refund: 'none' })).statusCode,
    ).toBe(404);
  });
});

describe('odd input from a signed-in staff member', () => {
  it('is answered with a 4xx or an empty answer, never a 500', async () => {
    const urls = [
      '/api/admin/reservations?q=%27%3B%20drop%20table%20bookings%3B--',
      '/api/admin/reservations?q=%5C%25_',
      '/api/admin/reservations?propertyId=%E2%80%8B',
      '/api/admin/reservations?from=9999-99-99',
      '/api/admin/reservations?status[]=confirmed',
      '/api/admin/reservations/%20',
      `/api/admin/reservations/${'A'.repeat(65)}`,
      '/api/admin/reservations/SAS-%27OR1/cancel-preview',
      '/api/admin/calendar?from=2030-01-01&to=2030-01-02&propertyId=..%2F..',
      '/api/admin/statements?month=2030-1',
    ];
    for (const url of urls) {
      const response = await get(accounts.staff, url);
      expect(response.statusCode, url).toBeLessThan(500);
      if (response.statusCode >= 400) expect(response.json<{ message: string }>().message, url).toBeTruthy();
    }
    for (const payload of [{ refundAmount: '10' }, { refundAmount: -0.001 }, { refund: null }, []]) {
      const response = await injectAs(t.app, accounts.staff, {
        method: 'POST',
        url: '/api/admin/reservations/SAS-NOPE00/cancel',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
  });
});
