import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { auditLog, calendarFeedEvents, calendarFeeds, stays } from '@sas/db';
import type { PropertyRow } from '@sas/db/testing';
import { addDays, todayIn, type AdminFeed, type AdminFeedList, type FeedSyncResult } from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookableHome } from '../../../test/booking.js';
import { createRoleAccounts, injectAs, type TestAccount } from '../../../test/console.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let home: PropertyRow;
let otherHome: PropertyRow;
let accounts: Awaited<ReturnType<typeof createRoleAccounts>>;
let feedServer: Server;
let feedHost: string;

const firstNight = addDays(todayIn('America/Denver'), 40);
const ymd = (iso: string) => iso.replaceAll('-', '');

/** One event, written as Airbnb writes its export. */
const airbnbFeed = [
  'BEGIN:VCALENDAR',
  'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN',
  'CALSCALE:GREGORIAN',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  `DTEND;VALUE=DATE:${ymd(addDays(firstNight, 3))}`,
  `DTSTART;VALUE=DATE:${ymd(firstNight)}`,
  'UID:1418fb94e984-0f2c2c22dd2bf6c4e0a1c8e0b4fe0e58@airbnb.com',
  'SUMMARY:Reserved',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

beforeAll(async () => {
  feedServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(airbnbFeed);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedHost = `127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  t = await buildTestApp({ ICAL_ALLOW_HOSTS: feedHost }, { seed: false });
  home = await createBookableHome(t.db);
  otherHome = await createBookableHome(t.db);
  accounts = await createRoleAccounts(t.app, t.db, [home.id], [otherHome.id]);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => feedServer?.close(resolve));
});

const feedBody = (url = 'https://www.airbnb.com/calendar/ical/41234567.ics?s=0f2c2c22dd2bf6c4') => ({
  name: 'Airbnb listing 41234567',
  url,
  channel: 'airbnb',
});

function listFeeds(account: TestAccount | null, ref: string) {
  return injectAs(t.app, account, { method: 'GET', url: `/api/admin/properties/${ref}/calendar-feeds` });
}

function addFeed(account: TestAccount | null, ref: string, payload: Record<string, unknown>) {
  return injectAs(t.app, account, { method: 'POST', url: `/api/admin/properties/${ref}/calendar-feeds`, payload });
}

function removeFeed(account: TestAccount | null, feedId: string) {
  return injectAs(t.app, account, { method: 'DELETE', url: `/api/admin/calendar-feeds/${feedId}` });
}

function syncFeedNow(account: TestAccount | null, feedId: string) {
  return injectAs(t.app, account, { method: 'POST', url: `/api/admin/calendar-feeds/${feedId}/sync` });
}

function rotate(account: TestAccount | null, ref: string, channel: string) {
  return injectAs(t.app, account, {
    method: 'POST',
    url: `/api/admin/properties/${ref}/calendar-exports/${channel}/rotate`,
  });
}

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, entityId));
  return rows.map((row) => row.action);
}

describe('/api/admin channel feeds', () => {
  it('admits staff and admins only: anonymous 401, guests and owners (even of the home) 403', async () => {
    const [feed] = await t.db
      .insert(calendarFeeds)
      .values({ propertyId: home.id, name: 'Vrbo', url: 'https://www.vrbo.com/icalendar/1.ics', channel: 'vrbo' })
      .returning({ id: calendarFeeds.id });
    const calls = [
      (a: TestAccount | null) => listFeeds(a, home.id),
      (a: TestAccount | null) => addFeed(a, home.id, feedBody('https://www.airbnb.com/calendar/ical/roles.ics')),
      (a: TestAccount | null) => syncFeedNow(a, feed!.id),
      (a: TestAccount | null) => rotate(a, home.id, 'vrbo'),
      (a: TestAccount | null) => removeFeed(a, feed!.id),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      for (const account of [accounts.guest, accounts.owner, accounts.otherOwner]) {
        expect((await call(account)).statusCode).toBe(403);
      }
    }
    // Nothing was written by the refused calls.
    const [still] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed!.id));
    expect(still).toBeDefined();
    expect(await auditActions(feed!.id)).toEqual([]);

    expect((await listFeeds(accounts.staff, home.id)).statusCode).toBe(200);
    expect((await listFeeds(accounts.admin, home.propertyId)).statusCode).toBe(200);
    expect((await removeFeed(accounts.admin, feed!.id)).statusCode).toBe(204);
    expect((await listFeeds(accounts.staff, 'SAS-0000')).statusCode).toBe(404);
  });

  it('adds a feed with a reason for every refused URL, and lists it with the export URLs', async () => {
    const refused: [Record<string, unknown>, RegExp][] = [
      [feedBody('http://www.airbnb.com/calendar/ical/1.ics'), /https/i],
      [feedBody('https://127.0.0.1/calendar.ics'), /address|private|local/i],
      [feedBody('https://[::1]/calendar.ics'), /address|private|local/i],
      [feedBody('https://user:secret@www.airbnb.com/calendar.ics'), /./],
      [feedBody('calendar.ics'), /url/i],
      [feedBody(`https://www.airbnb.com/${'a'.repeat(2001)}`), /2000/],
      [{ ...feedBody(), channel: 'expedia' }, /channel/],
      [{ ...feedBody(), name: ' ' }, /name/],
      [{ ...feedBody(), extra: true }, /./],
    ];
    for (const [payload, reason] of refused) {
      const response = await addFeed(accounts.staff, home.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(reason);
    }
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.propertyId, home.id))).toEqual([]);

    const created = await addFeed(accounts.staff, home.slug, { ...feedBody(), name: '  Airbnb listing 41234567 ' });
    expect(created.statusCode).toBe(201);
    const feed = created.json<AdminFeed>();
    expect(feed).toMatchObject({
      propertyId: home.id,
      name: 'Airbnb listing 41234567',
      url: feedBody().url,
      channel: 'airbnb',
      lastSyncAt: null,
      lastSuccessAt: null,
      lastError: null,
      failingSince: null,
      eventCount: 0,
      conflicts: 0,
    });
    expect(await auditActions(feed.id)).toEqual(['calendar_feed.create']);
    expect((await addFeed(accounts.admin, home.id, feedBody())).statusCode).toBe(409);
    // The same address may feed another home.
    expect((await addFeed(accounts.admin, otherHome.id, feedBody())).statusCode).toBe(201);
    expect((await addFeed(accounts.staff, 'SAS-0000', feedBody())).statusCode).toBe(404);

    const list = (await listFeeds(accounts.staff, home.propertyId)).json<AdminFeedList>();
    expect(list.feeds).toEqual([feed]);
    expect(list.exports.map((e) => e.channel)).toEqual(['airbnb', 'vrbo', 'booking', 'other']);
    for (const e of list.exports) {
      expect(e.url).toMatch(
        new RegExp(`^${t.env.PUBLIC_URL}/api/properties/${home.propertyId}/calendar\\.ics\\?token=[\\w-]{43}$`),
      );
    }
    expect(new Set(list.exports.map((e) => e.url)).size).toBe(4);
    // Listing again keeps the same URLs.
    expect((await listFeeds(accounts.admin, home.id)).json<AdminFeedList>().exports).toEqual(list.exports);
  });

  it('syncs a feed now into blocks, and deleting the feed frees its nights', async () => {
    const created = await addFeed(accounts.staff, home.id, {
      name: 'Local Airbnb',
      url: `http://${feedHost}/airbnb.ics`,
      channel: 'airbnb',
    });
    expect(created.statusCode).toBe(201);
    const feedId = created.json<AdminFeed>().id;

    const synced = await syncFeedNow(accounts.staff, feedId);
    expect(synced.statusCode).toBe(200);
    expect(synced.json<FeedSyncResult>()).toMatchObject({
      status: 'ok',
      events: 1,
      added: 1,
      removed: 0,
      conflicts: 0,
    });
    const [event] = await t.db.select().from(calendarFeedEvents).where(eq(calendarFeedEvents.feedId, feedId));
    expect(event).toMatchObject({ checkIn: firstNight, checkOut: addDays(firstNight, 3) });
    const [block] = await t.db.select().from(stays).where(eq(stays.id, event!.stayId!));
    expect(block).toMatchObject({ kind: 'imported_block', status: 'active', propertyId: home.id });

    const listed = (await listFeeds(accounts.staff, home.id)).json<AdminFeedList>().feeds.find((f) => f.id === feedId);
    expect(listed).toMatchObject({ eventCount: 1, lastError: null });
    expect(listed?.lastSuccessAt).not.toBeNull();

    expect((await syncFeedNow(accounts.admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await syncFeedNow(accounts.admin, 'not-a-feed')).statusCode).toBe(404);

    expect((await removeFeed(accounts.staff, feedId)).statusCode).toBe(204);
    const [released] = await t.db.select().from(stays).where(eq(stays.id, block!.id));
    expect(released?.status).toBe('released');
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId))).toEqual([]);
    expect(await auditActions(feedId)).toEqual(
      expect.arrayContaining(['calendar_feed.create', 'calendar_feed.sync', 'calendar_feed.delete']),
    );
    expect((await removeFeed(accounts.staff, feedId)).statusCode).toBe(404);
    // Its nights are free: a staff block on them goes in.
    const blocked = await injectAs(t.app, accounts.staff, {
      method: 'POST',
      url: `/api/admin/properties/${home.id}/blocks`,
      payload: { checkIn: firstNight, checkOut: addDays(firstNight, 3), reason: 'Deep clean' },
    });
    expect(blocked.statusCode).toBe(201);
  });

  it('rotates one channel’s export URL, audited without the token', async () => {
    const before = (await listFeeds(accounts.staff, otherHome.id)).json<AdminFeedList>().exports;
    const rotated = await rotate(accounts.admin, otherHome.propertyId, 'booking');
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<{ channel: string; url: string }>();
    expect(fresh.channel).toBe('booking');
    const after = (await listFeeds(accounts.staff, otherHome.id)).json<AdminFeedList>().exports;
    expect(after.find((e) => e.channel === 'booking')?.url).toBe(fresh.url);
    expect(after.filter((e) => e.channel !== 'booking')).toEqual(before.filter((e) => e.channel !== 'booking'));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'calendar_export.rotate'), eq(auditLog.entityId, `${otherHome.id}:booking`)));
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(new URL(fresh.url).searchParams.get('token')!);

    expect((await rotate(accounts.staff, otherHome.id, 'expedia')).statusCode).toBe(400);
    expect((await rotate(accounts.staff, 'SAS-0000', 'vrbo')).statusCode).toBe(404);
  });
});
