// The export feed channels poll (GET /api/properties/{id}/calendar.ics),
// read back with node-ical, a maintained iCalendar parser, as a channel would.
import { auditLog, bookings, calendarFeedEvents, calendarFeeds, properties, stays, toDateRange } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { addDays, type AdminFeedList, type CalendarChannelName } from '@sas/domain';
import { and, eq, sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  guest,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
  postIntent,
} from '../../test/booking.js';
import { createRoleAccounts, injectAs, type TestAccount } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { exportEventUid } from './export.js';
import { parseFeed } from './parse.js';

let t: TestApp;
let home: PropertyRow;
let otherHome: PropertyRow;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
/** Serves our own export over HTTP, as a channel would find it, for the round trip through the import. */
let exportServer: Server;
let exportHost: string;

beforeAll(async () => {
  exportServer = createServer((request, response) => {
    void t.app
      .inject({
        method: 'GET',
        url: request.url ?? '/',
        headers: {
          ...(request.headers['if-none-match'] ? { 'if-none-match': request.headers['if-none-match'] } : {}),
          ...(request.headers['if-modified-since']
            ? { 'if-modified-since': request.headers['if-modified-since'] }
            : {}),
        },
      })
      .then((answer) => {
        response.writeHead(answer.statusCode, answer.headers as Record<string, string>);
        response.end(answer.rawPayload);
      });
  });
  await new Promise<void>((resolve) => exportServer.listen(0, '127.0.0.1', resolve));
  exportHost = `127.0.0.1:${(exportServer.address() as AddressInfo).port}`;
  t = await buildTestApp({ ICAL_ALLOW_HOSTS: exportHost, TEST_CLOCK: 'true' }, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => exportServer?.close(resolve));
});

async function exportUrls(ref: string): Promise<Record<CalendarChannelName, string>> {
  const response = await injectAs(t.app, accounts.staff, {
    method: 'GET',
    url: `/api/admin/properties/${ref}/calendar-feeds`,
  });
  expect(response.statusCode).toBe(200);
  const list = response.json<AdminFeedList>();
  return Object.fromEntries(list.exports.map((e) => [e.channel, e.url])) as Record<CalendarChannelName, string>;
}

/** The path and query of an export URL, as app.inject takes it. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

function getExport(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: pathOf(url), headers });
}

/** A date-only value as node-ical gives it (local midnight) back as YYYY-MM-DD. */
function calendarDate(value: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

function events(body: string): VEvent[] {
  return Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

function nightsOf(event: VEvent): { checkIn: string; checkOut: string } {
  expect((event.start as Date & { dateOnly?: boolean }).dateOnly).toBe(true);
  expect(event.datetype).toBe('date');
  expect(event.end).toBeInstanceOf(Date);
  return { checkIn: calendarDate(event.start), checkOut: calendarDate(event.end!) };
}

async function block(account: TestAccount, stay: { checkIn: string; checkOut: string }, reason = 'Hot tub repair') {
  const response = await injectAs(t.app, account, {
    method: 'POST',
    url: `/api/admin/properties/${home.id}/blocks`,
    payload: { ...stay, reason },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function book(stay: { checkIn: string; checkOut: string }) {
  const intent = await createIntent(t.app, intentRequest(home, stay));
  expect((await payWithCard(t.app, intent)).status).toBe(200);
  expect((await postConfirm(t.app, confirmationPayload(intent, { propertyId: home.id, ...stay }))).status).toBe(200);
  const [row] = await t.db
    .select({ stayId: bookings.stayId })
    .from(bookings)
    .where(eq(bookings.paymentIntentId, intent.paymentIntentId));
  return row!.stayId;
}

/** A feed of `channel` with one event that became an imported block, as the sync leaves them. */
async function importedBlock(channel: CalendarChannelName, stay: { checkIn: string; checkOut: string }) {
  const [feed] = await t.db
    .insert(calendarFeeds)
    .values({ propertyId: home.id, name: `${channel} feed`, url: `https://${channel}.example/ical/1.ics`, channel })
    .returning({ id: calendarFeeds.id });
  const [row] = await t.db
    .insert(stays)
    .values({
      propertyId: home.id,
      nights: toDateRange(stay.checkIn, stay.checkOut),
      kind: 'imported_block',
      reason: 'Airbnb',
    })
    .returning({ id: stays.id });
  await t.db.insert(calendarFeedEvents).values({
    feedId: feed!.id,
    uid: `${channel}-event-1`,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    summary: 'Reserved',
    stayId: row!.id,
  });
  return row!.id;
}

describe('GET /api/properties/{id}/calendar.ics', () => {
  it('lists bookings, blocks and other channels’ blocks as all-day events on their nights, without holds, echoes or guests', async () => {
    const urls = await exportUrls(home.propertyId);
    const reservation = nextStay(3);
    const staffBlock = nextStay(2);
    const ownerBlock = nextStay(4);
    const hold = nextStay(2);
    const fromAirbnb = nextStay(3);
    const fromVrbo = nextStay(5);

    const reservationId = await book(reservation);
    const staffBlockId = await block(accounts.staff, staffBlock);
    const ownerBlockId = await block(accounts.owner, ownerBlock);
    await createIntent(t.app, intentRequest(home, hold));
    const airbnbId = await importedBlock('airbnb', fromAirbnb);
    const vrboId = await importedBlock('vrbo', fromVrbo);

    const response = await getExport(urls.airbnb);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const body = response.body;

    const parsed = ical.sync.parseICS(body);
    expect(parsed.vcalendar).toMatchObject({
      version: '2.0',
      calscale: 'GREGORIAN',
      method: 'PUBLISH',
      prodid: expect.stringContaining('Summit & Shore') as unknown,
    });
    const byUid = new Map(events(body).map((event) => [event.uid, event]));
    expect([...byUid.keys()].sort()).toEqual(
      [reservationId, staffBlockId, ownerBlockId, vrboId].map(exportEventUid).sort(),
    );
    expect(byUid.has(exportEventUid(airbnbId))).toBe(false);
    expect(nightsOf(byUid.get(exportEventUid(reservationId))!)).toEqual(reservation);
    expect(nightsOf(byUid.get(exportEventUid(staffBlockId))!)).toEqual(staffBlock);
    expect(nightsOf(byUid.get(exportEventUid(ownerBlockId))!)).toEqual(ownerBlock);
    expect(nightsOf(byUid.get(exportEventUid(vrboId))!)).toEqual(fromVrbo);
    expect(byUid.get(exportEventUid(reservationId))!.summary).toBe('Reserved');
    for (const id of [staffBlockId, ownerBlockId, vrboId]) {
      expect(byUid.get(exportEventUid(id))!.summary).toBe('Not available');
    }
    for (const event of byUid.values()) expect(event.dtstamp).toBeInstanceOf(Date);

    // Nothing about the guest or the reasons staff typed.
    for (const secret of [guest.firstName, guest.lastName, guest.email, guest.phoneNumber, 'Hot tub', 'Owner stay']) {
      expect(body).not.toContain(secret);
    }
    expect(body).toContain('DTSTART;VALUE=DATE:');
    expect(body).toContain('DTEND;VALUE=DATE:');

    // RFC 5545 framing: every line ends in CRLF and none is longer than 75 octets.
    expect(body.endsWith('\r\n')).toBe(true);
    const lines = body.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }

    // The Vrbo feed leaves out Vrbo's own block and carries Airbnb's.
    const vrbo = events((await getExport(urls.vrbo)).body).map((event) => event.uid);
    expect(vrbo).toContain(exportEventUid(airbnbId));
    expect(vrbo).not.toContain(exportEventUid(vrboId));
  });

  it('keeps an event’s UID when its block moves, and leaves out released stays', async () => {
    const urls = await exportUrls(home.id);
    const before = nextStay(3);
    const moved = { checkIn: addDays(before.checkIn, 7), checkOut: addDays(before.checkOut, 8) };
    const id = await importedBlock('booking', before);
    await t.db
      .update(stays)
      .set({ nights: toDateRange(moved.checkIn, moved.checkOut) })
      .where(eq(stays.id, id));

    const event = events((await getExport(urls.airbnb)).body).find((e) => e.uid === exportEventUid(id));
    expect(event && nightsOf(event)).toEqual(moved);

    await t.db.update(stays).set({ status: 'released' }).where(eq(stays.id, id));
    expect(events((await getExport(urls.airbnb)).body).map((e) => e.uid)).not.toContain(exportEventUid(id));
  });

  it('answers 304 to a poll that has the current ETag or Last-Modified, and 200 again once the nights change', async () => {
    const urls = await exportUrls(otherHome.id);
    // Last-Modified is sent once the latest change is in a past second: the
    // polls are answered a day on (the test clock) rather than after a wait.
    const dayOn = { 'x-test-clock-days': '1' };
    const poll = (headers: Record<string, string> = {}) => getExport(urls.vrbo, { ...dayOn, ...headers });
    const first = await poll();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const lastModified = first.headers['last-modified'] as string;
    expect(Date.parse(lastModified)).not.toBeNaN();

    const again = await poll();
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const notModified = await poll({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await poll({ 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await poll({ 'if-modified-since': lastModified })).statusCode).toBe(304);
    // If-None-Match decides alone when both are sent.
    expect((await poll({ 'if-none-match': '"stale"', 'if-modified-since': lastModified })).statusCode).toBe(200);

    // A new block, and later its removal, change both validators. The
    // database stamps them with its own clock, which tests do not move: they
    // are stamped a minute apart here, as if staff had made them so.
    const created = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `/api/admin/properties/${otherHome.id}/blocks`,
      payload: { ...nextStay(2), reason: 'Painting' },
    });
    expect(created.statusCode).toBe(201);
    const blockId = created.json<{ id: string }>().id;
    await t.db
      .update(stays)
      .set({ createdAt: sql`${stays.createdAt} + interval '1 minute'` })
      .where(eq(stays.id, blockId));
    const changed = await poll({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(events(changed.body)).toHaveLength(1);
    const blockModified = changed.headers['last-modified'] as string;
    expect(Date.parse(blockModified)).toBeGreaterThan(Date.parse(lastModified));
    expect((await poll({ 'if-modified-since': lastModified })).statusCode).toBe(200);

    const removed = await injectAs(t.app, accounts.staff, { method: 'DELETE', url: `/api/admin/blocks/${blockId}` });
    expect(removed.statusCode).toBe(204);
    await t.db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} + interval '2 minutes'` })
      .where(and(eq(auditLog.action, 'block.delete'), eq(auditLog.entityId, blockId)));
    // The removal leaves no stay behind, yet a poll by date learns of it.
    const afterRemoval = await poll({ 'if-modified-since': blockModified });
    expect(afterRemoval.statusCode).toBe(200);
    expect(events(afterRemoval.body)).toHaveLength(0);
    expect(Date.parse(afterRemoval.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(blockModified));
  });

  it('answers the same 404 to a missing or wrong token, another home’s token, an unpublished home and a rotated URL', async () => {
    const urls = await exportUrls(home.slug);
    const other = await exportUrls(otherHome.id);
    const token = new URL(urls.other).searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(urls.other).toBe(`${t.env.PUBLIC_URL}/api/properties/${home.propertyId}/calendar.ics?token=${token}`);

    // The same token works under each of the home's names.
    for (const ref of [home.id, home.slug, home.propertyId]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/properties/${ref}/calendar.ics?token=${token}` });
      expect(response.statusCode).toBe(200);
    }

    const refused = [
      `/api/properties/${home.propertyId}/calendar.ics`,
      `/api/properties/${home.propertyId}/calendar.ics?token=`,
      `/api/properties/${home.propertyId}/calendar.ics?token=${token.slice(0, -1)}x`,
      `/api/properties/${home.propertyId}/calendar.ics?token=${new URL(other.other).searchParams.get('token')!}`,
      `/api/properties/SAS-0000/calendar.ics?token=${token}`,
    ];
    const bodies = new Set<string>();
    for (const url of refused) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      bodies.add(response.body);
    }

    const rotated = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `/api/admin/properties/${home.id}/calendar-exports/other/rotate`,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<{ channel: string; url: string }>();
    expect(fresh.channel).toBe('other');
    expect(fresh.url).not.toBe(urls.other);
    const stale = await getExport(urls.other);
    expect(stale.statusCode).toBe(404);
    bodies.add(stale.body);
    expect((await getExport(fresh.url)).statusCode).toBe(200);
    // Other channels keep their URLs.
    expect((await getExport(urls.airbnb)).statusCode).toBe(200);
    expect((await exportUrls(home.id)).other).toBe(fresh.url);

    await t.db.update(properties).set({ published: false }).where(eq(properties.id, home.id));
    const unpublished = await getExport(fresh.url);
    expect(unpublished.statusCode).toBe(404);
    bodies.add(unpublished.body);
    await t.db.update(properties).set({ published: true }).where(eq(properties.id, home.id));
    expect(bodies.size).toBe(1);
  });

  it('round-trips through our own import: the same nights, a second sync changes nothing, and guests cannot buy them', async () => {
    const urls = await exportUrls(home.id);
    await block(accounts.staff, nextStay(2));
    await block(accounts.owner, nextStay(3));
    await importedBlock('vrbo', nextStay(6));
    await book(nextStay(4));
    const exported = (await getExport(urls.other)).body;
    const ours = events(exported)
      .map((event) => ({ uid: event.uid, ...nightsOf(event) }))
      .sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.uid.localeCompare(b.uid));
    expect(ours.length).toBeGreaterThanOrEqual(4);
    const parsed = parseFeed(exported, home.timeZone, new Date());
    expect(parsed.map(({ uid, checkIn, checkOut }) => ({ uid, checkIn, checkOut }))).toEqual(ours);

    // Imported into another home, as a channel of ours would import it.
    const created = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `/api/admin/properties/${otherHome.id}/calendar-feeds`,
      payload: { name: 'Round trip', url: `http://${exportHost}${pathOf(urls.other)}`, channel: 'other' },
    });
    expect(created.statusCode).toBe(201);
    const feedId = created.json<{ id: string }>().id;
    const sync = () =>
      injectAs(t.app, accounts.staff, { method: 'POST', url: `/api/admin/calendar-feeds/${feedId}/sync` });
    const first = await sync();
    expect(first.json<{ error?: string }>().error).toBeUndefined();
    expect(first.json()).toMatchObject({ status: 'ok', events: ours.length, added: ours.length, conflicts: 0 });
    const imported = await t.db
      .select({
        uid: calendarFeedEvents.uid,
        checkIn: calendarFeedEvents.checkIn,
        checkOut: calendarFeedEvents.checkOut,
      })
      .from(calendarFeedEvents)
      .innerJoin(stays, eq(stays.id, calendarFeedEvents.stayId))
      .where(eq(calendarFeedEvents.feedId, feedId));
    imported.sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.uid.localeCompare(b.uid));
    expect(imported).toEqual(ours);

    const second = (await sync()).json<{ status: string; added: number; updated: number; removed: number }>();
    expect(['ok', 'not_modified']).toContain(second.status);
    expect(second).toMatchObject({ added: 0, updated: 0, removed: 0 });

    const taken = ours[0]!;
    const intent = await postIntent(
      t.app,
      intentRequest(otherHome, { checkIn: taken.checkIn, checkOut: taken.checkOut }),
    );
    expect(intent.status).toBe(409);
  });
});
