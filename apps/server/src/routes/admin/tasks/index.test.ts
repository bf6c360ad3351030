// Turnover tasks (issue 30), through the API as each role: a booking plans its
// tasks with their windows, a same-day turnover is flagged, a moved stay moves
// them and tells the cleaner, a cancellation cancels them; the cleaner sees
// only their own tasks and no guest's contact details, cannot finish without
// a required photo, and reports damage that shows on the reservation; staff
// assign (audited), owners see their homes' work; the 15:00 alert.
import { randomUUID } from 'node:crypto';
import { auditLog, emailOutbox, properties, stays, taskKinds, tasks, toDateRange, type bookings } from '@sas/db';
import { insertStay, type PropertyRow } from '@sas/db/testing';
import {
  addDays,
  centsToDollars,
  instantIn,
  todayIn,
  type AdminReservationDetail,
  type AdminStatement,
  type AdminTask,
  type MyTask,
  type OwnerTaskSummary,
  type TaskKind,
  type TaskProblem,
} from '@sas/domain';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../../../services/email/outbox.js';
import { alertUnassignedTasks, planHomeTasks } from '../../../services/tasks/index.js';
import { bookAtQuote, createBookableHome, guest, nextStay } from '../../../test/booking.js';
import { createAccount, createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { multipartBody, type FilePart } from '../../../test/multipart.js';
import { startSmtpServer } from '../../../test/smtp.js';

type BookingRow = typeof bookings.$inferSelect;
const zone = 'America/Denver';

let t: TestApp;
let home: PropertyRow;
let otherHome: PropertyRow;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let cleaner: TestAccount;
let otherCleaner: TestAccount;
let first: BookingRow;
let second: BookingRow;
const settings = () => ({ publicUrl: t.env.PUBLIC_URL });

const book = (where: PropertyRow, stay: { checkIn: string; checkOut: string }) => bookAtQuote(t.app, t.db, where, stay);

function board(account: TestAccount | null, query = '') {
  return injectAs(t.app, account, { method: 'GET', url: `/api/admin/tasks${query}` });
}

async function boardTasks(query: string): Promise<AdminTask[]> {
  const answer = await board(accounts.staff, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AdminTask[]>();
}

function me(account: TestAccount | null, method: 'GET' | 'POST', path = '', payload?: unknown) {
  return injectAs(t.app, account, {
    method,
    url: `/api/me/tasks${path}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function emailsTo(to: string, kind: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
}

const multipart = (files: FilePart[]) => multipartBody(files, 'photos');

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  await t.db
    .update(properties)
    .set({
      checkInTime: '4:00 PM',
      address: '12 Ridge Road, Breckenridge, CO',
      arrivalInstructions: 'Lockbox code 4321 by the garage door.',
      amenities: [{ item: 'Private hot tub', category: 'Outdoor' }],
    })
    .where(eq(properties.id, home.id));
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
  cleaner = await createAccount(t.app, t.db, 'cleaner', { firstName: 'Cleo', lastName: 'Clean' });
  otherCleaner = await createAccount(t.app, t.db, 'cleaner', { firstName: 'Otis', lastName: 'Other' });
});

afterAll(async () => {
  await t?.close();
});

describe('the cleaner role', () => {
  it('is invited from the console by an admin, with no homes, and e-mailed a link to set a password', async () => {
    const email = `invited-cleaner-${randomUUID().slice(0, 8)}@example.com`;
    const invite = (account: TestAccount, payload: unknown) =>
      injectAs(t.app, account, {
        method: 'POST',
        url: '/api/admin/users/invite',
        payload: payload as Record<string, unknown>,
      });
    expect((await invite(accounts.staff, { email, role: 'cleaner' })).statusCode).toBe(403);
    expect((await invite(accounts.admin, { email, role: 'cleaner', homes: [home.slug] })).statusCode).toBe(400);
    const invited = await invite(accounts.admin, { email, role: 'cleaner' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json<{ role: string }>().role).toBe('cleaner');
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail?.subject).toContain('turnover tasks');
  });
});

describe('task kinds', () => {
  it("gives a home the default kinds (hot tub where there is one), and staff set a kind's default assignee", async () => {
    const listed = await injectAs(t.app, accounts.staff, {
      method: 'GET',
      url: `/api/admin/tasks/kinds?propertyId=${home.slug}`,
    });
    expect(listed.statusCode).toBe(200);
    const kinds = listed.json<TaskKind[]>();
    expect(kinds.map((kind) => kind.key)).toEqual([
      'departure_clean',
      'hot_tub_service',
      'linen_delivery',
      'pre_arrival_inspection',
    ]);
    const other = await injectAs(t.app, accounts.staff, {
      method: 'GET',
      url: `/api/admin/tasks/kinds?propertyId=${otherHome.slug}`,
    });
    expect(other.json<TaskKind[]>().map((kind) => kind.key)).not.toContain('hot_tub_service');

    const clean = kinds.find((kind) => kind.key === 'departure_clean')!;
    const inspection = kinds.find((kind) => kind.key === 'pre_arrival_inspection')!;
    for (const kind of [clean, inspection]) {
      const set = await injectAs(t.app, accounts.staff, {
        method: 'PATCH',
        url: `/api/admin/tasks/kinds/${kind.id}`,
        payload: { defaultAssigneeId: cleaner.id },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    // Only people who do tasks may be given them.
    const toGuest = await injectAs(t.app, accounts.staff, {
      method: 'PATCH',
      url: `/api/admin/tasks/kinds/${clean.id}`,
      payload: { defaultAssigneeId: accounts.guest.id },
    });
    expect(toGuest.statusCode).toBe(422);
    expect(
      (await injectAs(t.app, accounts.owner, { method: 'GET', url: `/api/admin/tasks/kinds?propertyId=${home.slug}` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('tasks from stays', () => {
  it("plans a booking's departure clean on check-out day, from check-out to check-in time, and tells the assignee", async () => {
    const stay = nextStay(3);
    first = await book(home, stay);
    const planned = await boardTasks(`?from=${stay.checkIn}&to=${stay.checkOut}&propertyId=${home.propertyId}`);
    const clean = planned.find((task) => task.kind === 'departure_clean' && task.booking === first.code);
    expect(clean).toMatchObject({
      propertyId: home.propertyId,
      windowStart: instantIn(zone, stay.checkOut, '10:00').toISOString(),
      windowEnd: instantIn(zone, stay.checkOut, '16:00').toISOString(),
      sameDayTurnover: false,
      status: 'open',
      assigneeId: cleaner.id,
      stayKind: 'reservation',
      partySize: 3,
    });
    const inspection = planned.find((task) => task.kind === 'pre_arrival_inspection' && task.booking === first.code);
    expect(inspection?.windowEnd).toBe(instantIn(zone, stay.checkIn, '16:00').toISOString());
    expect(
      planned
        .filter((task) => task.booking === first.code)
        .map((task) => task.kind)
        .sort(),
    ).toEqual(['departure_clean', 'hot_tub_service', 'linen_delivery', 'pre_arrival_inspection']);
    const mail = await emailsTo(cleaner.email, 'task_new');
    expect(mail.length).toBe(2);
    expect(mail.map((row) => row.subject).join(' ')).toContain('Departure clean at Bluebird Lodge');
    // Never the guest's name in a cleaner's e-mail.
    expect(mail.map((row) => row.text).join(' ')).not.toContain(guest.lastName);
  });

  it('flags a same-day turnover when the next guests arrive on the check-out day, and unflags it when they cancel', async () => {
    second = await book(home, { checkIn: first.checkOut, checkOut: addDays(first.checkOut, 2) });
    const day = await boardTasks(`?from=${first.checkOut}&to=${first.checkOut}&propertyId=${home.slug}`);
    const clean = day.find((task) => task.kind === 'departure_clean' && task.booking === first.code);
    expect(clean?.sameDayTurnover).toBe(true);
    expect(clean?.windowEnd).toBe(instantIn(zone, first.checkOut, '16:00').toISOString());
    const arrival = day.find((task) => task.kind === 'pre_arrival_inspection' && task.booking === second.code);
    expect(arrival?.sameDayTurnover).toBe(true);

    const cancelled = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `/api/admin/reservations/${second.code}/cancel`,
      payload: { refund: 'none' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await boardTasks(`?from=${first.checkOut}&to=${second.checkOut}&propertyId=${home.slug}`);
    expect(after.filter((task) => task.booking === second.code).every((task) => task.status === 'cancelled')).toBe(
      true,
    );
    expect(after.find((task) => task.kind === 'departure_clean' && task.booking === first.code)?.sameDayTurnover).toBe(
      false,
    );
    // The cleaner of the cancelled stay's tasks is told.
    expect((await emailsTo(cleaner.email, 'task_cancelled')).length).toBe(2);
  });

  it('moves the tasks of a stay whose dates change and tells the cleaner; planning again changes nothing', async () => {
    const newOut = addDays(first.checkOut, 1);
    const moved = await t.db.transaction(async (tx) => {
      await tx
        .update(stays)
        .set({ nights: toDateRange(first.checkIn, newOut) })
        .where(eq(stays.id, first.stayId));
      return planHomeTasks(tx, home.id, new Date(), settings());
    });
    expect(moved.moved).toBeGreaterThan(0);
    const [clean] = await boardTasks(`?from=${newOut}&to=${newOut}&propertyId=${home.slug}&assignee=${cleaner.id}`);
    expect(clean).toMatchObject({
      kind: 'departure_clean',
      windowStart: instantIn(zone, newOut, '10:00').toISOString(),
    });
    const movedMail = await emailsTo(cleaner.email, 'task_moved');
    expect(movedMail.some((row) => row.subject.startsWith('Task moved: Departure clean'))).toBe(true);

    const again = await t.db.transaction((tx) => planHomeTasks(tx, home.id, new Date(), settings()));
    expect(again).toEqual({ created: 0, moved: 0, cancelled: 0 });
  });

  it('plans the tasks of an owner stay and of an imported calendar stay, and cancels them when they go', async () => {
    const ownerStay = nextStay(2);
    const blocked = await injectAs(t.app, accounts.owner, {
      method: 'POST',
      url: `/api/admin/properties/${home.id}/blocks`,
      payload: { checkIn: ownerStay.checkIn, checkOut: ownerStay.checkOut, reason: 'Owner stay' },
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const ownTasks = await boardTasks(`?from=${ownerStay.checkIn}&to=${ownerStay.checkOut}&propertyId=${home.slug}`);
    expect(ownTasks.filter((task) => task.stayKind === 'owner_block').length).toBe(4);
    const removed = await injectAs(t.app, accounts.owner, {
      method: 'DELETE',
      url: `/api/admin/blocks/${blocked.json<{ id: string }>().id}`,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await boardTasks(`?from=${ownerStay.checkIn}&to=${ownerStay.checkOut}&propertyId=${home.slug}`);
    expect(gone.filter((task) => task.stayKind === 'owner_block').every((task) => task.status === 'cancelled')).toBe(
      true,
    );

    const imported = nextStay(2);
    await t.db.transaction(async (tx) => {
      await tx.insert(stays).values({
        propertyId: otherHome.id,
        nights: toDateRange(imported.checkIn, imported.checkOut),
        kind: 'imported_block',
        reason: 'Airbnb: Reserved',
      });
      await planHomeTasks(tx, otherHome.id, new Date(), settings());
    });
    const fromChannel = await boardTasks(
      `?from=${imported.checkIn}&to=${imported.checkOut}&propertyId=${otherHome.slug}`,
    );
    expect(fromChannel.map((task) => task.stayKind)).toContain('imported_block');
    expect(fromChannel.find((task) => task.kind === 'departure_clean')?.booking).toBeUndefined();
  });
});

describe('the staff board', () => {
  it('is open to staff and admins only', async () => {
    expect((await board(null)).statusCode).toBe(401);
    for (const who of [accounts.guest, accounts.owner, cleaner]) expect((await board(who)).statusCode).toBe(403);
    expect((await board(accounts.staff)).statusCode).toBe(200);
    expect((await board(accounts.admin)).statusCode).toBe(200);
    expect((await board(accounts.staff, '?from=2027-13-01')).statusCode).toBe(400);
    expect((await board(accounts.staff, '?assignee=nobody')).statusCode).toBe(400);
    expect((await board(accounts.staff, '?propertyId=no-such-home')).statusCode).toBe(404);
  });

  it('assigns and reassigns a task (audited), telling both cleaners; refuses bad changes without changing anything', async () => {
    const [linen] = await boardTasks(
      `?from=${first.checkIn}&to=${addDays(first.checkOut, 1)}&propertyId=${home.slug}&assignee=none`,
    ).then((list) => list.filter((task) => task.kind === 'linen_delivery' && task.status === 'open'));
    expect(linen).toBeDefined();
    const patch = (account: TestAccount | null, payload: unknown, id = linen!.id) =>
      injectAs(t.app, account, {
        method: 'PATCH',
        url: `/api/admin/tasks/${id}`,
        payload: payload as Record<string, unknown>,
      });

    expect((await patch(null, { assigneeId: cleaner.id })).statusCode).toBe(401);
    for (const who of [accounts.guest, accounts.owner, cleaner]) {
      expect((await patch(who, { assigneeId: cleaner.id })).statusCode).toBe(403);
    }
    expect((await patch(accounts.staff, {})).statusCode).toBe(400);
    expect((await patch(accounts.staff, { assigneeId: accounts.owner.id })).statusCode).toBe(422);
    expect(
      (await patch(accounts.staff, { windowStart: '2030-01-02T10:00:00Z', windowEnd: '2030-01-01T10:00:00Z' }))
        .statusCode,
    ).toBe(422);
    expect((await patch(accounts.staff, { status: 'open' }, randomUUID())).statusCode).toBe(404);
    const [unchanged] = await t.db.select().from(tasks).where(eq(tasks.id, linen!.id));
    expect(unchanged?.assigneeId).toBeNull();

    const assigned = await patch(accounts.staff, { assigneeId: cleaner.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<AdminTask>()).toMatchObject({ assigneeId: cleaner.id, assigneeName: 'Cleo Clean' });
    const reassigned = await patch(accounts.admin, { assigneeId: otherCleaner.id });
    expect(reassigned.json<AdminTask>().assigneeId).toBe(otherCleaner.id);
    expect((await emailsTo(otherCleaner.email, 'task_new')).length).toBe(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'task'), eq(auditLog.entityId, linen!.id)));
    expect(audit.map((row) => row.actorEmail).sort()).toEqual([accounts.admin.email, accounts.staff.email].sort());
  });
});

describe("a cleaner's tasks", () => {
  let clean: MyTask;

  it('lists only their own tasks, with the home, access notes, window and party size, never the guest', async () => {
    expect((await me(null, 'GET')).statusCode).toBe(401);
    expect((await me(accounts.guest, 'GET')).statusCode).toBe(403);
    expect((await me(accounts.owner, 'GET')).statusCode).toBe(403);
    expect((await me(accounts.staff, 'GET')).statusCode).toBe(200);
    expect((await me(accounts.admin, 'GET')).statusCode).toBe(200);
    const answer = await me(cleaner, 'GET');
    expect(answer.statusCode).toBe(200);
    const mine = answer.json<MyTask[]>();
    clean = mine.find((task) => task.kind === 'departure_clean')!;
    expect(clean).toMatchObject({
      home: {
        name: 'Bluebird Lodge',
        address: '12 Ridge Road, Breckenridge, CO',
        accessNotes: 'Lockbox code 4321 by the garage door.',
      },
      partySize: 3,
    });
    for (const secret of [guest.firstName, guest.lastName, guest.email, guest.phoneNumber]) {
      expect(answer.body).not.toContain(secret);
    }
    expect(mine.every((task) => task.kind !== 'linen_delivery')).toBe(true);
  });

  it("answers 404 for another cleaner's task, and 403 to guests and owners", async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/start'],
    ] as const) {
      expect((await me(otherCleaner, method, `/${clean.id}${path}`)).statusCode).toBe(404);
      expect((await me(accounts.owner, method, `/${clean.id}${path}`)).statusCode).toBe(403);
      expect((await me(accounts.guest, method, `/${clean.id}${path}`)).statusCode).toBe(403);
      expect((await me(null, method, `/${clean.id}${path}`)).statusCode).toBe(401);
    }
    expect((await me(otherCleaner, 'POST', `/${clean.id}/finish`, { checklist: [] })).statusCode).toBe(404);
    expect((await me(otherCleaner, 'POST', `/${clean.id}/problems`, { kind: 'damage', note: 'x' })).statusCode).toBe(
      404,
    );
    const photo = multipart([{ filename: 'a.png', data: Buffer.from('x') }]);
    const upload = await injectAs(t.app, otherCleaner, {
      method: 'POST',
      url: `/api/me/tasks/${clean.id}/photos`,
      ...photo,
    });
    expect(upload.statusCode).toBe(404);
  });

  it('starts, refuses to finish without the required photos, takes photos checked by content, then finishes', async () => {
    const started = await me(cleaner, 'POST', `/${clean.id}/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json<MyTask>().status).toBe('started');
    const ticked = clean.checklist.map((line) => ({ item: line.item, done: true }));
    const refused = await me(cleaner, 'POST', `/${clean.id}/finish`, { checklist: ticked });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain('Clean kitchen and appliances');
    const [still] = await t.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, clean.id));
    expect(still?.status).toBe('started');

    const notAPhoto = await injectAs(t.app, cleaner, {
      method: 'POST',
      url: `/api/me/tasks/${clean.id}/photos`,
      ...multipart([{ filename: 'kitchen.jpg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }]),
    });
    expect(notAPhoto.statusCode).toBe(415);

    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 180, b: 90 } } })
      .png()
      .toBuffer();
    const added = await injectAs(t.app, cleaner, {
      method: 'POST',
      url: `/api/me/tasks/${clean.id}/photos`,
      ...multipart([
        { filename: 'kitchen.png', data: png },
        { filename: 'bath.png', data: png },
      ]),
    });
    expect(added.statusCode, added.body).toBe(201);
    const [kitchen, bath] = added.json<{ id: string; url: string }[]>();
    expect((await t.app.inject({ method: 'GET', url: kitchen!.url })).statusCode).toBe(200);

    const withPhotos = clean.checklist.map((line) => ({
      item: line.item,
      done: true,
      ...(line.item.startsWith('Clean kitchen') ? { photoId: kitchen!.id } : {}),
      ...(line.item.startsWith('Clean bathrooms') ? { photoId: bath!.id } : {}),
    }));
    const wrongPhoto = await me(cleaner, 'POST', `/${clean.id}/finish`, {
      checklist: withPhotos.map((line) => (line.photoId ? { ...line, photoId: randomUUID() } : line)),
    });
    expect(wrongPhoto.statusCode).toBe(422);
    const finished = await me(cleaner, 'POST', `/${clean.id}/finish`, { checklist: withPhotos });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json<MyTask>().status).toBe('done');
    expect((await me(cleaner, 'POST', `/${clean.id}/finish`, { checklist: withPhotos })).statusCode).toBe(409);

    // Damage, with its photo, shows on the reservation for a deposit capture; maintenance becomes a ticket.
    const damage = await me(cleaner, 'POST', `/${clean.id}/problems`, {
      kind: 'damage',
      note: 'Red wine on the living room rug',
      photoIds: [kitchen!.id],
    });
    expect(damage.statusCode, damage.body).toBe(201);
    expect((await me(cleaner, 'POST', `/${clean.id}/problems`, { kind: 'fire', note: 'x' })).statusCode).toBe(400);
    expect(
      (await me(cleaner, 'POST', `/${clean.id}/problems`, { kind: 'damage', note: 'x', photoIds: [randomUUID()] }))
        .statusCode,
    ).toBe(422);
    const reservation = await injectAs(t.app, accounts.staff, {
      method: 'GET',
      url: `/api/admin/reservations/${first.code}`,
    });
    const reported = reservation.json<AdminReservationDetail>().reportedDamage;
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ note: 'Red wine on the living room rug', kind: 'damage', booking: first.code });
    expect(reported[0]?.photos).toHaveLength(1);

    const ticket = await me(cleaner, 'POST', `/${clean.id}/problems`, {
      kind: 'maintenance',
      note: 'Dishwasher leaks',
    });
    expect(ticket.statusCode).toBe(201);
    const ticketId = ticket.json<{ id: string }>().id;
    const open = await injectAs(t.app, accounts.staff, {
      method: 'GET',
      url: '/api/admin/tasks/problems?status=open&kind=maintenance',
    });
    expect(open.json<TaskProblem[]>().map((problem) => problem.id)).toContain(ticketId);

    // The owner sees the cleaning done and the open ticket; another owner sees neither.
    const summary = await injectAs(t.app, accounts.owner, { method: 'GET', url: '/api/admin/tasks/summary' });
    expect(summary.statusCode).toBe(200);
    const ownerView = summary.json<OwnerTaskSummary>();
    expect(ownerView.cleanings.map((row) => row.id)).toContain(clean.id);
    expect(ownerView.maintenance.map((row) => row.id)).toContain(ticketId);
    // The owner's statement of the month lists the cleaning and the cleaning fee its booking paid.
    const month = todayIn(zone, new Date()).slice(0, 7);
    const statement = await injectAs(t.app, accounts.owner, {
      method: 'GET',
      url: `/api/admin/statements?month=${month}`,
    });
    expect(statement.statusCode).toBe(200);
    const ownHome = statement.json<AdminStatement>().homes.find((row) => row.id === home.id);
    expect(ownHome?.cleanings).toContainEqual({
      date: todayIn(zone, new Date()),
      kindName: 'Departure clean',
      booking: first.code,
      charged: centsToDollars(first.feesCents),
    });
    const elsewhere = (
      await injectAs(t.app, accounts.otherOwner, { method: 'GET', url: '/api/admin/tasks/summary' })
    ).json<OwnerTaskSummary>();
    expect(elsewhere.cleanings).toHaveLength(0);
    expect(elsewhere.maintenance).toHaveLength(0);
    expect((await injectAs(t.app, cleaner, { method: 'GET', url: '/api/admin/tasks/summary' })).statusCode).toBe(403);

    expect(
      (await injectAs(t.app, accounts.owner, { method: 'POST', url: `/api/admin/tasks/problems/${ticketId}/close` }))
        .statusCode,
    ).toBe(403);
    const closed = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `/api/admin/tasks/problems/${ticketId}/close`,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<TaskProblem>().status).toBe('closed');
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ticketId));
    expect(audited.map((row) => row.action)).toEqual(['task_problem.close']);
  });
});

describe("the 15:00 alert of tomorrow's unassigned tasks", () => {
  it("e-mails staff once, from 15:00 on the home's clock the day before", async () => {
    const day = nextStay(2);
    await insertStay(t.db, otherHome.id, { kind: 'owner_block', checkIn: day.checkIn, checkOut: day.checkOut });
    await t.db.transaction((tx) => planHomeTasks(tx, otherHome.id, new Date(), settings()));
    const eve = addDays(day.checkOut, -1);
    const inbox = 'ops@example.com';
    const before = instantIn(zone, eve, '14:59');
    expect(await alertUnassignedTasks(t.db, inbox, settings(), before)).toBe(0);
    const at = instantIn(zone, eve, '15:00');
    expect(await alertUnassignedTasks(t.db, inbox, settings(), at)).toBe(1);
    expect(await alertUnassignedTasks(t.db, inbox, settings(), instantIn(zone, eve, '16:30'))).toBe(0);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `tasks-unassigned:%:${day.checkOut}`));
    expect(mail?.to).toBe(inbox);
    expect(mail?.text).toContain('Departure clean');
    expect(todayIn(zone, at)).toBe(eve);
    // Kinds are per home: the other home's defaults were written for it alone.
    const kinds = await t.db.select().from(taskKinds).where(eq(taskKinds.propertyId, otherHome.id));
    expect(kinds.length).toBe(3);
  });
});

describe("the assignee's e-mails", () => {
  it('reach the cleaner over SMTP with the home and the window, and no guest', async () => {
    const smtp = await startSmtpServer();
    try {
      const other = await t.buildAnotherApp({ SMTP_URL: smtp.url });
      const result = await drainOutbox(t.db, other.app.mailer.transport);
      expect(result.failed).toBe(0);
      const toCleaner = smtp.messages.filter((mail) =>
        (mail.to && 'text' in mail.to ? mail.to.text : '').includes(cleaner.email),
      );
      const subjects = toCleaner.map((mail) => mail.subject ?? '');
      expect(subjects.some((subject) => subject.startsWith('New task: Departure clean at Bluebird Lodge'))).toBe(true);
      expect(subjects.some((subject) => subject.startsWith('Task moved: Departure clean at Bluebird Lodge'))).toBe(
        true,
      );
      expect(subjects.some((subject) => subject.startsWith('Task cancelled:'))).toBe(true);
      for (const mail of toCleaner) {
        expect(mail.text).toContain('12 Ridge Road, Breckenridge, CO');
        expect(mail.text).toContain(`${t.env.PUBLIC_URL}/tasks`);
        for (const secret of [guest.lastName, guest.email, guest.phoneNumber]) expect(mail.text).not.toContain(secret);
      }
    } finally {
      await smtp.close();
    }
  });
});
