import { auditLog, bookings, calendarFeedEvents, calendarFeeds, stays } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { adminCalendarSchema, type AdminCalendar } from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
  postIntent,
} from '../../../test/booking.js';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let home: PropertyRow;
let otherHome: PropertyRow;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
});

afterAll(async () => {
  await t?.close();
});

async function book(stay: { checkIn: string; checkOut: string }) {
  const intent = await createIntent(t.app, intentRequest(home, stay));
  expect((await payWithCard(t.app, intent)).status).toBe(200);
  expect((await postConfirm(t.app, confirmationPayload(intent, { propertyId: home.id, ...stay }))).status).toBe(200);
  const [row] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));
  return row!;
}

function postBlock(account: TestAccount | null, ref: string, body: Record<string, unknown>) {
  return injectAs(t.app, account, { method: 'POST', url: `/api/admin/properties/${ref}/blocks`, payload: body });
}

function deleteBlock(account: TestAccount | null, id: string) {
  return injectAs(t.app, account, { method: 'DELETE', url: `/api/admin/blocks/${id}` });
}

async function calendarAs(account: TestAccount | null, query: string) {
  return injectAs(t.app, account, { method: 'GET', url: `/api/admin/calendar?${query}` });
}

async function stayRow(id: string) {
  const [row] = await t.db.select().from(stays).where(eq(stays.id, id));
  return row;
}

describe('POST /api/admin/properties/{id}/blocks', () => {
  it('lets staff and admins block any home, owners only theirs and always as "Owner stay"', async () => {
    const stay = nextStay(2);
    const body = { ...stay, reason: 'Hot tub repair' };
    expect((await postBlock(null, home.id, body)).statusCode).toBe(401);
    expect((await postBlock(accounts.guest, home.id, body)).statusCode).toBe(403);
    expect((await postBlock(accounts.otherOwner, home.propertyId, body)).statusCode).toBe(404);

    const byOwner = await postBlock(accounts.owner, home.slug, { ...nextStay(2), reason: 'Party weekend' });
    expect(byOwner.statusCode).toBe(201);
    const ownerBlock = await stayRow(byOwner.json<{ id: string }>().id);
    expect(ownerBlock).toMatchObject({ kind: 'owner_block', reason: 'Owner stay', createdBy: accounts.owner.id });

    const byStaff = await postBlock(accounts.staff, home.propertyId, body);
    expect(byStaff.statusCode).toBe(201);
    expect(await stayRow(byStaff.json<{ id: string }>().id)).toMatchObject({
      kind: 'staff_block',
      reason: 'Hot tub repair',
      status: 'active',
    });
    const byAdmin = await postBlock(accounts.admin, otherHome.id, { ...nextStay(2), reason: 'Painting' });
    expect(byAdmin.statusCode).toBe(201);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'block.create'), eq(auditLog.entityId, byStaff.json<{ id: string }>().id)));
    expect(audit?.actorId).toBe(accounts.staff.id);
    expect(audit?.after).toMatchObject({ kind: 'staff_block', reason: 'Hot tub repair' });
  });

  it('refuses blocked nights to guests, on quote and on payment', async () => {
    const stay = nextStay(3);
    expect((await postBlock(accounts.staff, home.id, { ...stay, reason: 'Maintenance' })).statusCode).toBe(201);
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${home.id}/quote`,
      payload: { checkin_date: stay.checkIn, checkout_date: stay.checkOut, guests: { adults: 2 } },
    });
    expect(quote.statusCode).toBe(422);
    expect((await postIntent(t.app, intentRequest(home, stay))).status).toBe(409);
  });

  it('answers 409 naming the booking, the hold or the block the nights collide with', async () => {
    const booked = nextStay(3);
    const booking = await book(booked);
    const onBooking = await postBlock(accounts.staff, home.id, { ...booked, reason: 'Maintenance' });
    expect(onBooking.statusCode).toBe(409);
    expect(onBooking.json<{ message: string }>().message).toContain(booking.code);

    const held = nextStay(3);
    await createIntent(t.app, intentRequest(home, held));
    const onHold = await postBlock(accounts.owner, home.id, { ...held, reason: 'x' });
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json<{ message: string }>().message).toContain('a payment hold');

    const blocked = nextStay(3);
    expect((await postBlock(accounts.staff, home.id, { ...blocked, reason: 'Roof' })).statusCode).toBe(201);
    const onBlock = await postBlock(accounts.admin, home.id, { ...blocked, reason: 'Again' });
    expect(onBlock.statusCode).toBe(409);
    expect(onBlock.json<{ message: string }>().message).toContain('another block');
  });

  it('refuses bad input with 4xx and a message, and nights in the past', async () => {
    const stay = nextStay(2);
    const backwards = await postBlock(accounts.staff, home.id, {
      checkIn: stay.checkOut,
      checkOut: stay.checkIn,
      reason: 'x',
    });
    expect(backwards.statusCode).toBe(400);
    expect((await postBlock(accounts.staff, home.id, { ...stay })).statusCode).toBe(400);
    expect((await postBlock(accounts.staff, home.id, { ...stay, reason: 'x', kind: 'reservation' })).statusCode).toBe(
      400,
    );
    const past = await postBlock(accounts.staff, home.id, {
      checkIn: '2020-01-01',
      checkOut: '2020-01-03',
      reason: 'x',
    });
    expect(past.statusCode).toBe(422);
    expect((await postBlock(accounts.staff, 'no-such-home', { ...stay, reason: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/blocks/{id}', () => {
  it('frees the nights; owners remove only owner blocks of their homes; never a reservation or a hold', async () => {
    const stay = nextStay(2);
    const staffBlock = (await postBlock(accounts.staff, home.id, { ...stay, reason: 'Maintenance' })).json<{
      id: string;
    }>().id;
    const ownerBlock = (await postBlock(accounts.owner, home.id, { ...nextStay(2), reason: 'x' })).json<{
      id: string;
    }>().id;

    expect((await deleteBlock(null, staffBlock)).statusCode).toBe(401);
    expect((await deleteBlock(accounts.guest, staffBlock)).statusCode).toBe(403);
    expect((await deleteBlock(accounts.otherOwner, ownerBlock)).statusCode).toBe(404);
    expect((await deleteBlock(accounts.owner, staffBlock)).statusCode).toBe(403);
    expect((await deleteBlock(accounts.owner, ownerBlock)).statusCode).toBe(204);
    expect((await deleteBlock(accounts.owner, ownerBlock)).statusCode).toBe(404);

    expect((await deleteBlock(accounts.staff, staffBlock)).statusCode).toBe(204);
    expect((await stayRow(staffBlock))?.status).toBe('released');
    expect((await postIntent(t.app, intentRequest(home, stay))).status).toBe(200);

    const adminBlock = (await postBlock(accounts.staff, home.id, { ...nextStay(2), reason: 'x' })).json<{
      id: string;
    }>().id;
    expect((await deleteBlock(accounts.admin, adminBlock)).statusCode).toBe(204);

    const booking = await book(nextStay(2));
    const onReservation = await deleteBlock(accounts.admin, booking.stayId);
    expect(onReservation.statusCode).toBe(409);
    expect((await stayRow(booking.stayId))?.status).toBe('active');
    const hold = await createIntent(t.app, intentRequest(home, nextStay(2)));
    const [holdRow] = await t.db
      .select()
      .from(stays)
      .where(and(eq(stays.kind, 'hold'), eq(stays.status, 'active')));
    expect(hold.paymentIntentId).toBeTruthy();
    expect((await deleteBlock(accounts.staff, holdRow!.id)).statusCode).toBe(409);
    expect((await deleteBlock(accounts.staff, 'not-a-uuid')).statusCode).toBe(404);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'block.delete'));
    expect(audits.map((a) => a.entityId)).toEqual(expect.arrayContaining([ownerBlock, staffBlock, adminBlock]));
  });
});

describe('GET /api/admin/calendar', () => {
  it("shows every kind of taken night; owners only their homes and a guest's last initial", async () => {
    const booked = nextStay(3);
    const booking = await book(booked);
    const blocked = nextStay(2);
    await postBlock(accounts.staff, home.id, { ...blocked, reason: 'Window cleaning' });
    const range = `from=${booked.checkIn}&to=${blocked.checkOut}`;

    expect((await calendarAs(null, range)).statusCode).toBe(401);
    expect((await calendarAs(accounts.guest, range)).statusCode).toBe(403);
    expect((await calendarAs(accounts.otherOwner, `${range}&propertyId=${home.propertyId}`)).statusCode).toBe(404);

    const forStaff = adminCalendarSchema.parse((await calendarAs(accounts.staff, range)).json<AdminCalendar>());
    expect(forStaff.homes.map((h) => h.id).sort()).toEqual([home.id, otherHome.id].sort());
    const staffStays = forStaff.homes.find((h) => h.id === home.id)!.stays;
    expect(staffStays).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: booking.stayId,
          kind: 'reservation',
          bookingCode: booking.code,
          guestName: 'Ada Lovelace',
          removable: false,
        }),
        expect.objectContaining({ kind: 'staff_block', reason: 'Window cleaning', removable: true, ...blocked }),
      ]),
    );

    const forOwner = adminCalendarSchema.parse((await calendarAs(accounts.owner, range)).json<AdminCalendar>());
    expect(forOwner.homes.map((h) => h.id)).toEqual([home.id]);
    const ownerView = forOwner.homes[0]!.stays.find((s) => s.kind === 'reservation' && s.bookingCode === booking.code);
    expect(ownerView?.guestName).toBe('Ada L.');
    expect(forOwner.homes[0]!.stays.find((s) => s.kind === 'staff_block')?.removable).toBe(false);

    const forAdmin = adminCalendarSchema.parse((await calendarAs(accounts.admin, range)).json<AdminCalendar>());
    expect(forAdmin.homes).toHaveLength(2);
    const month = await calendarAs(accounts.owner, `${range}&propertyId=${home.slug}`);
    expect(month.statusCode).toBe(200);
    expect((await calendarAs(accounts.admin, `from=${booked.checkOut}&to=${booked.checkIn}`)).statusCode).toBe(400);
    expect((await calendarAs(accounts.admin, 'from=2030-01-01&to=2032-01-01')).statusCode).toBe(400);
  });

  it('lists imported events in conflict with their nights for staff, and none for owners', async () => {
    const booked = nextStay(2);
    const booking = await book(booked);
    const [feed] = await t.db
      .insert(calendarFeeds)
      .values({ propertyId: home.id, name: 'Airbnb listing', url: 'https://www.airbnb.com/x.ics', channel: 'airbnb' })
      .returning();
    await t.db.insert(calendarFeedEvents).values({
      feedId: feed!.id,
      uid: 'clash@airbnb.com',
      ...booked,
      conflictWith: `booking ${booking.code}`,
    });
    const range = `from=${booked.checkIn}&to=${booked.checkOut}&propertyId=${home.id}`;

    const forStaff = adminCalendarSchema.parse((await calendarAs(accounts.staff, range)).json<AdminCalendar>());
    expect(forStaff.homes[0]!.conflicts).toEqual([
      {
        feedId: feed!.id,
        feedName: 'Airbnb listing',
        channel: 'airbnb',
        uid: 'clash@airbnb.com',
        ...booked,
        conflictWith: `booking ${booking.code}`,
      },
    ]);
    const forOwner = adminCalendarSchema.parse((await calendarAs(accounts.owner, range)).json<AdminCalendar>());
    expect(forOwner.homes[0]!.conflicts).toEqual([]);
  });
});
