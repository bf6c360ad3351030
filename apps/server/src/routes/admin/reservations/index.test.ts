import { randomUUID } from 'node:crypto';
import {
  auditLog,
  bookingDeposits,
  bookingPayments,
  bookings,
  emailOutbox,
  mediaFiles,
  paymentIntents,
  paymentRefunds,
} from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import {
  adminCancelResultSchema,
  adminReservationDetailSchema,
  adminReservationListSchema,
  depositCaptureResponseSchema,
  depositPhotoUploadResponseSchema,
  maxDepositPhotos,
  photoUrl,
  rentalAgreementVersion,
  type AdminCancelResult,
  type BookingContact,
  type AdminReservationDetail,
  type AdminReservationListItem,
} from '@sas/domain';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
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
import { multipartBody, type FilePart } from '../../../test/multipart.js';

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

const dayMs = 86_400_000;

/**
 * Gives a booking a security deposit as the scheduler leaves it: `held` with
 * a manual-capture intent the sandbox captures from (status
 * requires_capture), or `scheduled` with no hold yet. Answers the hold's id.
 */
async function giveDeposit(booking: BookingRow, cents: number, status: 'held' | 'scheduled' = 'held') {
  const releaseAt = new Date(Date.parse(`${booking.checkOut}T07:00:00Z`) + 2 * dayMs);
  if (status === 'scheduled') {
    await t.db
      .insert(bookingDeposits)
      .values({ bookingId: booking.id, amountCents: cents, holdFrom: new Date(Date.now() + 30 * dayMs), releaseAt });
    return null;
  }
  const [stay] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, booking.paymentIntentId));
  if (!stay) throw new Error('the booking has no payment intent');
  const holdId = `pi_sandbox_hold${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await t.db.insert(paymentIntents).values({
    ...stay,
    id: holdId,
    status: 'requires_capture',
    amountCents: cents,
    holdId: null,
    clientReference: null,
    lastError: null,
    refundRequestedAt: null,
    purpose: 'deposit',
    plan: 'full',
    schedule: null,
    agreement: null,
    bookingId: booking.id,
    captureMethod: 'manual',
    saveCard: false,
    capturedCents: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const heldAt = new Date(Date.now() - dayMs);
  await t.db.insert(bookingDeposits).values({
    bookingId: booking.id,
    amountCents: cents,
    status: 'held',
    holdFrom: new Date(Date.now() - 2 * dayMs),
    releaseAt,
    validationStatus: 'refunded',
    holdIntentId: holdId,
    heldAt,
    holdCount: 1,
  });
  return holdId;
}

async function depositOf(booking: BookingRow) {
  const [row] = await t.db.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, booking.id));
  return row;
}

async function captureAudits(booking: BookingRow) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'reservation.deposit_capture'), eq(auditLog.entityId, booking.code)));
}

describe("a reservation's schedule, deposit and agreement (issue 17)", () => {
  it("shows staff and the home's owner each charge, the deposit and the accepted agreement", async () => {
    const row = await book(home);
    const url = `/api/admin/reservations/${row.code}`;
    const fresh = adminReservationDetailSchema.parse((await get(accounts.staff, url)).json());
    // A home that asks for no deposit.
    expect(fresh.deposit).toEqual({ amount: 0, status: 'none' });

    // As the scheduler leaves a booking paid in three: one paid, one failed in its grace period, one to come.
    const payBy = new Date(Date.now() + 2 * dayMs);
    await t.db.delete(bookingPayments).where(eq(bookingPayments.bookingId, row.id));
    await t.db.insert(bookingPayments).values([
      { bookingId: row.id, seq: 1, dueDate: '2031-01-05', amountCents: 40_001, status: 'paid', paidAt: new Date() },
      {
        bookingId: row.id,
        seq: 2,
        dueDate: '2031-02-05',
        amountCents: 40_000,
        status: 'failed',
        lastError: 'Your card was declined.',
        failedAt: new Date(),
        payBy,
      },
      { bookingId: row.id, seq: 3, dueDate: '2031-03-05', amountCents: 40_000 },
    ]);
    await giveDeposit(row, 60_000);
    const acceptedAt = '2030-12-01T10:00:00.000Z';
    await t.db
      .update(bookings)
      .set({ agreement: { version: rentalAgreementVersion, acceptedAt, over25: true } })
      .where(eq(bookings.id, row.id));

    for (const account of [accounts.staff, accounts.admin, accounts.owner]) {
      const detail = adminReservationDetailSchema.parse((await get(account, url)).json());
      expect(detail.schedule).toEqual([
        expect.objectContaining({
          seq: 1,
          dueDate: '2031-01-05',
          amount: 400.01,
          status: 'paid',
          failureMessage: null,
        }),
        expect.objectContaining({
          seq: 2,
          amount: 400,
          status: 'failed',
          failureMessage: 'Your card was declined.',
          payBy: payBy.toISOString(),
        }),
        expect.objectContaining({ seq: 3, amount: 400, status: 'scheduled', paidAt: null }),
      ]);
      expect(detail.schedule[0]?.paidAt).toEqual(expect.any(String));
      expect(detail.deposit).toMatchObject({ amount: 600, status: 'held' });
      // Held a day ago: the hold lasts until its renewal, days from now.
      expect(Date.parse(detail.deposit.heldUntil ?? '')).toBeGreaterThan(Date.now());
      expect(detail.agreement).toEqual({ version: rentalAgreementVersion, acceptedAt, over25: true });
      // Every payment of the booking, with what it was for: the stay's and the deposit's hold.
      expect(detail.payments.map((payment) => [payment.purpose, payment.status])).toEqual([
        ['stay', 'succeeded'],
        ['deposit', 'requires_capture'],
      ]);
    }
    expect((await get(accounts.otherOwner, url)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/reservations/{code}/deposit/capture', () => {
  const captureUrl = (booking: BookingRow | string) =>
    `/api/admin/reservations/${typeof booking === 'string' ? booking : booking.code}/deposit/capture`;

  it('is refused to anonymous callers, guests and owners, and bad bodies get a 400; nothing changes', async () => {
    const row = await book(home);
    const holdId = await giveDeposit(row, 60_000);
    const capture = vi.spyOn(t.app.payments, 'capture');
    const smoking = { amount: 500, reason: 'smoking' };
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ] as const) {
      expect((await post(account, captureUrl(row), smoking)).statusCode, account?.role ?? 'anonymous').toBe(status);
    }
    expect((await post(accounts.staff, captureUrl('SAS-NOPE00'), smoking)).statusCode).toBe(404);

    const cases: [Record<string, unknown>, RegExp][] = [
      [{ reason: 'smoking' }, /amount/],
      [{ amount: 0, reason: 'smoking' }, /amount/],
      [{ amount: -5, reason: 'smoking' }, /amount/],
      [{ amount: 1000.01, reason: 'damage', note: 'Broken window' }, /amount/],
      [{ amount: 12.345, reason: 'damage', note: 'Broken window' }, /whole cents/],
      [{ amount: '500', reason: 'smoking' }, /amount/],
      [{ amount: 500 }, /reason/],
      [{ amount: 500, reason: 'fire' }, /reason/],
      [{ amount: 80, reason: 'damage' }, /note is required for damage/],
      [{ amount: 80, reason: 'damage', note: '   ' }, /note is required for damage/],
      [{ amount: 80, reason: 'damage', note: 'x'.repeat(2001) }, /note/],
      [{ amount: 500, reason: 'smoking', capturedBy: 'me' }, /capturedBy/],
    ];
    for (const [body, message] of cases) {
      const response = await post(accounts.admin, captureUrl(row), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message, JSON.stringify(body)).toMatch(message);
    }
    expect(capture).not.toHaveBeenCalled();
    capture.mockRestore();
    expect(await depositOf(row)).toMatchObject({ status: 'held', capturedCents: null });
    const [hold] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, holdId!));
    expect(hold).toMatchObject({ status: 'requires_capture', capturedCents: null });
    expect(await captureAudits(row)).toHaveLength(0);
  });

  // Needs services/schedule captureDeposit (the lead's).
  it('captures a penalty from a held deposit once under a double click, audited, the rest released', async () => {
    const row = await book(home);
    const holdId = await giveDeposit(row, 60_000);
    const capture = vi.spyOn(t.app.payments, 'capture');
    const [a, b] = await Promise.all([
      post(accounts.staff, captureUrl(row), { amount: 500, reason: 'smoking' }),
      post(accounts.admin, captureUrl(row), { amount: 500, reason: 'smoking' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    expect(depositCaptureResponseSchema.parse(ok.json())).toEqual({
      code: row.code,
      captured: 500,
      reason: 'smoking',
      released: 100,
      status: 'captured',
    });
    expect((a.statusCode === 409 ? a : b).json<{ message: string }>().message).toBeTruthy();
    expect(capture).toHaveBeenCalledTimes(1);
    expect(capture.mock.calls[0]?.[0]).toMatchObject({ paymentIntentId: holdId, amount: 50_000 });
    capture.mockRestore();

    expect(await depositOf(row)).toMatchObject({ status: 'captured', capturedCents: 50_000 });
    const [hold] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, holdId!));
    expect(hold?.capturedCents).toBe(50_000);
    const audits = await captureAudits(row);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.before).toEqual({ depositStatus: 'held', heldCents: 60_000 });
    expect(audits[0]?.after).toMatchObject({ reason: 'smoking', capturedCents: 50_000, releasedCents: 10_000 });

    const detail = (await get(accounts.staff, `/api/admin/reservations/${row.code}`)).json<AdminReservationDetail>();
    expect(detail.deposit).toMatchObject({ amount: 600, status: 'captured', capturedAmount: 500 });
    expect((await post(accounts.staff, captureUrl(row), { amount: 150, reason: 'lost-keys' })).statusCode).toBe(409);
  });

  // Needs services/schedule captureDeposit (the lead's).
  it('answers 404 without a deposit, 409 with nothing held and 422 for an amount the rules refuse', async () => {
    const none = await book(home);
    const noDeposit = await post(accounts.staff, captureUrl(none), { amount: 100, reason: 'late-checkout' });
    expect(noDeposit.statusCode).toBe(404);
    expect(noDeposit.json<{ message: string }>().message).toBeTruthy();

    const scheduled = await book(home);
    await giveDeposit(scheduled, 60_000, 'scheduled');
    const notHeld = await post(accounts.staff, captureUrl(scheduled), { amount: 100, reason: 'late-checkout' });
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json<{ message: string }>().message).toBeTruthy();

    const held = await book(home);
    await giveDeposit(held, 30_000);
    for (const body of [
      { amount: 400, reason: 'damage', note: 'A broken window' },
      { amount: 120, reason: 'late-checkout' },
    ]) {
      const response = await post(accounts.admin, captureUrl(held), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await depositOf(held)).toMatchObject({ status: 'held', capturedCents: null });
    expect(await captureAudits(held)).toHaveLength(0);

    // Damage up to the hold, with a note, is taken.
    const damage = await post(accounts.admin, captureUrl(held), {
      amount: 275.5,
      reason: 'damage',
      note: 'A broken window',
    });
    expect(damage.statusCode).toBe(200);
    expect(damage.json()).toMatchObject({ captured: 275.5, released: 24.5, reason: 'damage' });
    expect((await captureAudits(held))[0]?.after).toMatchObject({ note: 'A broken window', capturedCents: 27_550 });
  });
});

describe('photos of a deposit (POST and DELETE /api/admin/reservations/{code}/deposit/photos)', () => {
  const photosUrl = (booking: BookingRow | string) =>
    `/api/admin/reservations/${typeof booking === 'string' ? booking : booking.code}/deposit/photos`;

  /** A multipart/form-data body with one `files` part per file, as the console sends it. */
  const multipart = (files: FilePart[]) => multipartBody(files);

  function upload(account: TestAccount | null, booking: BookingRow | string, files: FilePart[]) {
    const { payload, headers } = multipart(files);
    return injectAs(t.app, account, { method: 'POST', url: photosUrl(booking), payload, headers });
  }

  function remove(account: TestAccount | null, booking: BookingRow, key: string) {
    return injectAs(t.app, account, { method: 'DELETE', url: `${photosUrl(booking)}/${key}` });
  }

  let png: Buffer;
  const photo = () => ({ filename: 'scratch.png', contentType: 'image/png', data: png });
  const textAsJpeg = { filename: 'broken-window.jpg', contentType: 'image/jpeg', data: Buffer.from('not a photo\n') };

  beforeAll(async () => {
    png = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 150, g: 60, b: 40 } } })
      .png()
      .toBuffer();
  });

  async function storedFiles(key: string) {
    return t.db
      .select({ name: mediaFiles.name })
      .from(mediaFiles)
      .where(like(mediaFiles.name, `${key}-%`));
  }

  async function photoAudits(booking: BookingRow, action: string) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, booking.code)));
  }

  async function detailOf(booking: BookingRow, account: TestAccount = accounts.staff) {
    return adminReservationDetailSchema.parse((await get(account, `/api/admin/reservations/${booking.code}`)).json());
  }

  /** Fills a deposit's evidence as earlier uploads would have, without rendering them. */
  async function fillEvidence(booking: BookingRow, count: number) {
    await t.db
      .update(bookingDeposits)
      .set({
        evidence: Array.from({ length: count }, (_, i) => ({
          key: `u-earlier-${i}-${randomUUID()}`,
          uploadedAt: new Date().toISOString(),
          uploadedBy: accounts.staff.id,
        })),
      })
      .where(eq(bookingDeposits.bookingId, booking.id));
  }

  it('is staff and admin only: anonymous 401, guests and owners 403, an unknown code or no deposit 404', async () => {
    const row = await book(home);
    await giveDeposit(row, 60_000);
    for (const [account, status] of [
      [null, 401],
      [accounts.guest, 403],
      [accounts.owner, 403],
      [accounts.otherOwner, 403],
    ] as const) {
      const who = account?.role ?? 'anonymous';
      expect((await upload(account, row, [photo()])).statusCode, who).toBe(status);
      expect((await remove(account, row, 'u-anything')).statusCode, who).toBe(status);
    }
    expect((await upload(accounts.staff, 'SAS-NOPE00', [photo()])).statusCode).toBe(404);
    const none = await book(home);
    const noDeposit = await upload(accounts.admin, none, [photo()]);
    expect(noDeposit.statusCode).toBe(404);
    expect(noDeposit.json<{ message: string }>().message).toBe('This reservation has no security deposit.');
    expect((await remove(accounts.admin, none, 'u-anything')).statusCode).toBe(404);

    expect((await detailOf(row)).depositPhotos).toEqual([]);
    expect(await photoAudits(row, 'reservation.deposit_photos')).toHaveLength(0);
    for (const account of [accounts.staff, accounts.admin]) {
      expect((await upload(account, row, [photo()])).statusCode, account.role).toBe(201);
    }
    expect((await detailOf(row)).depositPhotos).toHaveLength(2);
  });

  it('checks each file by its content: a text file named .jpg is 415, a real PNG is stored in every size, audited', async () => {
    const row = await book(home);
    await giveDeposit(row, 60_000);
    const refused = await upload(accounts.staff, row, [textAsJpeg]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json<{ message: string }>().message).toMatch(/not a photo we accept.*\(broken-window\.jpg\)/);
    // One bad file refuses the whole upload: the good one before it is not kept either.
    expect((await upload(accounts.staff, row, [photo(), textAsJpeg])).statusCode).toBe(415);
    expect((await detailOf(row)).depositPhotos).toEqual([]);
    expect((await depositOf(row))?.evidence).toEqual([]);

    const response = await upload(accounts.staff, row, [photo()]);
    expect(response.statusCode).toBe(201);
    const [added] = depositPhotoUploadResponseSchema.parse(response.json());
    expect(added?.key).toMatch(/^u-/);
    expect(added).toEqual({
      key: added!.key,
      url: photoUrl(added!.key, 1600, 'webp'),
      thumbnailUrl: photoUrl(added!.key, 480, 'webp'),
    });
    expect(await storedFiles(added!.key)).toHaveLength(6);
    // Rendered like a home's photo: cropped to 3:2 at the largest stored width.
    const served = await t.app.inject({ url: added!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1600, height: 1067 });

    const [evidence] = (await depositOf(row))?.evidence ?? [];
    expect(evidence).toMatchObject({ key: added!.key, uploadedBy: accounts.staff.id });
    expect(Date.parse(evidence?.uploadedAt ?? '')).toBeLessThanOrEqual(Date.now());
    // Staff and the home's owner see the photos on the reservation's page.
    for (const account of [accounts.staff, accounts.owner]) {
      expect((await detailOf(row, account)).depositPhotos).toEqual([added]);
    }
    const audits = await photoAudits(row, 'reservation.deposit_photos');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: accounts.staff.id, entity: 'booking' });
    expect(audits[0]?.after).toEqual({ added: [added!.key], photos: 1 });
  });

  it(`keeps at most ${maxDepositPhotos} photos a deposit (422 beyond) and takes them only while held or captured`, async () => {
    const row = await book(home);
    await giveDeposit(row, 60_000);
    await fillEvidence(row, maxDepositPhotos - 1);
    const tooMany = await upload(accounts.staff, row, [photo(), photo()]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ message: string }>().message).toMatch(
      /at most 10 photos: this one has 9, so add at most 1 more/,
    );
    expect((await depositOf(row))?.evidence).toHaveLength(9);

    expect((await upload(accounts.staff, row, [photo()])).statusCode).toBe(201);
    const full = await upload(accounts.admin, row, [photo()]);
    expect(full.statusCode).toBe(422);
    expect(full.json<{ message: string }>().message).toMatch(/remove one before adding another/);
    expect((await detailOf(row)).depositPhotos).toHaveLength(maxDepositPhotos);
    expect(await photoAudits(row, 'reservation.deposit_photos')).toHaveLength(1);

    const scheduled = await book(home);
    await giveDeposit(scheduled, 60_000, 'scheduled');
    const notYet = await upload(accounts.staff, scheduled, [photo()]);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json<{ message: string }>().message).toMatch(/held or captured: this deposit is scheduled/);
  });

  it('removes a mistaken photo and its files while the deposit is held, audited; unknown keys are 404', async () => {
    const row = await book(home);
    await giveDeposit(row, 60_000);
    const [first, second] = depositPhotoUploadResponseSchema.parse(
      (await upload(accounts.staff, row, [photo(), photo()])).json(),
    );
    expect((await remove(accounts.staff, row, 'u-not-there')).statusCode).toBe(404);

    expect((await remove(accounts.admin, row, first!.key)).statusCode).toBe(204);
    expect((await detailOf(row)).depositPhotos).toEqual([second]);
    expect(await storedFiles(first!.key)).toHaveLength(0);
    expect((await t.app.inject({ url: first!.url })).statusCode).toBe(404);
    expect(await storedFiles(second!.key)).toHaveLength(6);
    const audits = await photoAudits(row, 'reservation.deposit_photo_delete');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: accounts.admin.id, before: { key: first!.key } });
    expect((await remove(accounts.admin, row, first!.key)).statusCode).toBe(404);
  });

  it("links the photos in the guest's capture e-mail, keeps them once captured and takes more afterwards", async () => {
    const row = await book(home);
    await giveDeposit(row, 60_000);
    const photos = depositPhotoUploadResponseSchema.parse(
      (await upload(accounts.staff, row, [photo(), photo()])).json(),
    );
    const captured = await post(accounts.staff, `/api/admin/reservations/${row.code}/deposit/capture`, {
      amount: 240,
      reason: 'damage',
      note: 'Scratched dining table',
    });
    expect(captured.statusCode).toBe(200);

    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, `booking:${row.id}`), eq(emailOutbox.kind, 'deposit_captured')));
    expect(email?.to).toBe(row.email);
    const links = photos.map((p) => `${t.env.PUBLIC_URL}${photoUrl(p.key, 1600, 'webp')}`);
    expect(links[0]).toMatch(/^https?:\/\/[^/]+\/media\/u-.+-1600\.webp$/);
    expect(email?.html).toContain('Photos attached to this charge:');
    // Each photo is a link named for it (whatever the layout's attributes).
    const anchor = (url: string, label: string) =>
      new RegExp(`<a href="${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>${label}</a>`);
    expect(email?.html).toMatch(anchor(links[0]!, 'Photo 1'));
    expect(email?.html).toMatch(anchor(links[1]!, 'Photo 2'));
    expect(email?.text).toContain(`Photo 1: ${links[0]}\nPhoto 2: ${links[1]}`);
    expect(email?.text).toContain('Scratched dining table');

    // A captured deposit's photos are kept (the e-mail links to them); more may still be added.
    const keep = await remove(accounts.staff, row, photos[0]!.key);
    expect(keep.statusCode).toBe(409);
    expect(keep.json<{ message: string }>().message).toMatch(/only while the deposit is held/);
    const later = await upload(accounts.admin, row, [photo()]);
    expect(later.statusCode).toBe(201);
    expect((await detailOf(row)).depositPhotos).toHaveLength(3);

    // Added after the capture's e-mail went: the guest gets them in a follow-up (issue 29).
    const [added] = depositPhotoUploadResponseSchema.parse(later.json());
    const followUps = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, `booking:${row.id}`), eq(emailOutbox.kind, 'deposit_photos')));
    expect(followUps).toHaveLength(1);
    expect(followUps[0]?.to).toBe(row.email);
    expect(followUps[0]?.text).toContain(`Photo 3: ${t.env.PUBLIC_URL}${photoUrl(added!.key, 1600, 'webp')}`);
    expect(followUps[0]?.text).toContain('Nothing more has been charged');
  });

  it('sends no follow-up for photos added while the deposit is only held', async () => {
    const row = await book(home);
    await giveDeposit(row, 60_000);
    expect((await upload(accounts.staff, row, [photo()])).statusCode).toBe(201);
    const followUps = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, `booking:${row.id}`), eq(emailOutbox.kind, 'deposit_photos')));
    expect(followUps).toHaveLength(0);
  });

  it('sends no photo links when none are attached', async () => {
    const row = await book(home);
    await giveDeposit(row, 60_000);
    const captured = await post(accounts.staff, `/api/admin/reservations/${row.code}/deposit/capture`, {
      amount: 500,
      reason: 'smoking',
    });
    expect(captured.statusCode).toBe(200);
    const [email] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.reference, `booking:${row.id}`), eq(emailOutbox.kind, 'deposit_captured')));
    expect(email?.html).toBeDefined();
    expect(email?.html).not.toContain('Photos attached');
    expect(email?.text).not.toContain('/media/');
  });
});

describe('OpenAPI', () => {
  it('describes the deposit capture from its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    const operation = doc.paths['/api/admin/reservations/{code}/deposit/capture']?.post;
    expect(operation?.requestBody).toBeDefined();
    for (const status of ['200', '400', '401', '403', '404', '409', '422']) {
      expect(operation?.responses[status], status).toBeDefined();
    }
  });

  it('describes the deposit photos upload and removal', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const upload = doc.paths['/api/admin/reservations/{code}/deposit/photos']?.post;
    for (const status of ['201', '400', '401', '403', '404', '409', '413', '415', '422']) {
      expect(upload?.responses[status], status).toBeDefined();
    }
    const removal = doc.paths['/api/admin/reservations/{code}/deposit/photos/{key}']?.delete;
    for (const status of ['204', '401', '403', '404', '409']) {
      expect(removal?.responses[status], status).toBeDefined();
    }
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
