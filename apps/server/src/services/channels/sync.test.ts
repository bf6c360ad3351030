import { bookings, calendarFeedEvents, calendarFeeds, emailOutbox, fromDateRange, properties, stays } from '@sas/db';
import { insertStay } from '@sas/db/testing';
import { nightsBetween } from '@sas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  confirmationPayload,
  createBookableHome,
  createIntent,
  intentRequest,
  nextStay,
  payWithCard,
  postConfirm,
} from '../../test/booking.js';
import { fixtureDate, loadFixture, renderFeed, startFeedServer, type FeedServer } from '../../test/feed-server.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { channelSyncDeps, claimDueFeeds, syncDueFeeds, syncFeed, type ChannelSyncDeps } from './sync.js';

let t: TestApp;
let feeds: FeedServer;
let deps: ChannelSyncDeps;
const inbox = 'channels@summitandshore.example';
const day = (offset: number) => fixtureDate(offset);

beforeAll(async () => {
  feeds = await startFeedServer();
  t = await buildTestApp({ ICAL_ALLOW_HOSTS: feeds.host, COMPANY_INBOX_EMAIL: inbox }, { seed: false });
  deps = { ...channelSyncDeps(t.app), fetchOptions: { timeoutMs: 2_000 } };
});

afterAll(async () => {
  await t?.close();
  await feeds?.close();
});

let feedCounter = 0;

async function newHome(timeZone = 'America/Denver') {
  const home = await createBookableHome(t.db);
  await t.db.update(properties).set({ timeZone }).where(eq(properties.id, home.id));
  return home;
}

/** A feed of `home` served at a fresh path; `body` is set there when given. */
async function newFeed(home: { id: string }, body?: string, name = 'Airbnb') {
  feedCounter += 1;
  const path = `/feed-${feedCounter}.ics`;
  if (body !== undefined) feeds.set(path, { body });
  const [feed] = await t.db
    .insert(calendarFeeds)
    .values({ propertyId: home.id, name, url: feeds.url(path), channel: 'airbnb' })
    .returning();
  return { ...feed!, path };
}

function calendar(...events: string[][]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN'];
  for (const event of events) lines.push('BEGIN:VEVENT', ...event, 'END:VEVENT');
  return renderFeed([...lines, 'END:VCALENDAR', ''].join('\r\n'));
}

function allDay(uid: string, from: number, to: number, summary = 'Reserved'): string[] {
  return [
    `UID:${uid}`,
    `DTSTART;VALUE=DATE:{{${from >= 0 ? '+' : ''}${from}}}`,
    `DTEND;VALUE=DATE:{{+${to}}}`,
    `SUMMARY:${summary}`,
  ];
}

/** The home's active imported blocks, by check-in. */
async function importedBlocks(homeId: string) {
  const rows = await t.db
    .select()
    .from(stays)
    .where(and(eq(stays.propertyId, homeId), eq(stays.kind, 'imported_block'), eq(stays.status, 'active')));
  return rows
    .map((row) => ({ id: row.id, ...fromDateRange(row.nights), reason: row.reason }))
    .sort((a, b) => a.checkIn.localeCompare(b.checkIn));
}

async function quoteStatus(homeId: string, checkIn: string, checkOut: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${homeId}/quote`,
    payload: { checkin_date: checkIn, checkout_date: checkOut, guests: { adults: 2 } },
  });
  return response.statusCode;
}

async function outbox(kind: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
}

describe('syncing a channel feed', () => {
  it('adds, moves and removes blocks over three syncs, moving a Not available window in place', async () => {
    const home = await newHome();
    const feed = await newFeed(home);
    feeds.set(feed.path, { body: loadFixture('airbnb.ics'), etag: '"v1"' });
    const first = await syncFeed(deps, feed.id, new Date());
    expect(first).toEqual({ status: 'ok', events: 2, added: 2, updated: 0, removed: 0, conflicts: 0 });
    const added = await importedBlocks(home.id);
    expect(added).toMatchObject([
      { checkIn: day(10), checkOut: day(14), reason: 'Airbnb: Reserved' },
      { checkIn: day(30), checkOut: day(40), reason: 'Airbnb: Airbnb (Not available)' },
    ]);

    // The same feed again: the channel answers 304 to our ETag and nothing changes.
    expect(await syncFeed(deps, feed.id, new Date())).toEqual({
      status: 'not_modified',
      events: 2,
      added: 0,
      updated: 0,
      removed: 0,
      conflicts: 0,
    });
    expect(feeds.requests.at(-1)).toMatchObject({ path: feed.path, ifNoneMatch: '"v1"' });

    // The window slides a day; the reservation is unchanged.
    feeds.set(feed.path, {
      body: loadFixture('airbnb.ics').replace(
        `DTEND;VALUE=DATE:${day(40).replaceAll('-', '')}\r\nDTSTART;VALUE=DATE:${day(30).replaceAll('-', '')}`,
        `DTEND;VALUE=DATE:${day(41).replaceAll('-', '')}\r\nDTSTART;VALUE=DATE:${day(31).replaceAll('-', '')}`,
      ),
      etag: '"v2"',
    });
    expect(await syncFeed(deps, feed.id, new Date())).toMatchObject({ status: 'ok', added: 0, updated: 1, removed: 0 });
    const moved = await importedBlocks(home.id);
    expect(moved).toEqual([added[0], { ...added[1], checkIn: day(31), checkOut: day(41) }]);

    // The reservation is cancelled on Airbnb: its nights are free here at once.
    feeds.set(feed.path, {
      body: calendar(
        allDay('7f3e2b1a9c8d-0e4f6a2b8c1d3e5f7a9b0c2d4e6f8a1b3c@airbnb.com', 31, 41, 'Airbnb (Not available)'),
      ),
      etag: '"v3"',
    });
    expect(await syncFeed(deps, feed.id, new Date())).toEqual({
      status: 'ok',
      events: 1,
      added: 0,
      updated: 0,
      removed: 1,
      conflicts: 0,
    });
    expect(await importedBlocks(home.id)).toEqual([moved[1]]);
    const [released] = await t.db.select().from(stays).where(eq(stays.id, added[0]!.id));
    expect(released?.status).toBe('released');
    expect(await quoteStatus(home.id, day(10), day(14))).toBe(200);

    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(row).toMatchObject({ etag: '"v3"', eventCount: 1, lastError: null, failingSince: null });
    expect(row?.lastSuccessAt).not.toBeNull();
    expect(row!.nextSyncAt.getTime() - row!.lastSyncAt!.getTime()).toBe(15 * 60_000);
  });

  it('imports Vrbo events: one without DTEND takes one night', async () => {
    const home = await newHome();
    const feed = await newFeed(home, loadFixture('vrbo.ics'), 'Vrbo');
    expect(await syncFeed(deps, feed.id, new Date())).toMatchObject({ status: 'ok', events: 2, added: 2 });
    expect(await importedBlocks(home.id)).toMatchObject([
      { checkIn: day(20), checkOut: day(23), reason: 'Vrbo: Reserved' },
      { checkIn: day(25), checkOut: day(26), reason: 'Vrbo: Blocked' },
    ]);
  });

  it.each([
    [
      'America/Denver',
      {
        tzid: [
          [12, 15],
          [18, 19],
        ],
        utc: [[11, 13]],
      },
    ],
    [
      'America/Detroit',
      {
        tzid: [
          [12, 15],
          [19, 20],
        ],
        utc: [[12, 14]],
      },
    ],
  ] as const)('puts all-day, TZID and UTC events on the right nights in %s', async (zone, expected) => {
    const nightsOf = async (fixture: string) => {
      const home = await newHome(zone);
      const feed = await newFeed(home, loadFixture(fixture), fixture.replace('.ics', ''));
      expect(await syncFeed(deps, feed.id, new Date())).toMatchObject({ status: 'ok', conflicts: 0 });
      const blocks = await importedBlocks(home.id);
      return { home, nights: blocks.map(({ checkIn, checkOut }) => [checkIn, checkOut]) };
    };
    const toDays = (pairs: readonly (readonly [number, number])[]) => pairs.map(([a, b]) => [day(a), day(b)]);
    const airbnb = await nightsOf('airbnb.ics');
    expect(airbnb.nights).toEqual(
      toDays([
        [10, 14],
        [30, 40],
      ]),
    );
    const tzid = await nightsOf('tzid.ics');
    expect(tzid.nights).toEqual(toDays(expected.tzid));
    expect((await nightsOf('utc.ics')).nights).toEqual(toDays(expected.utc));

    // The check-out day is free for the next arrival; the nights before it are not.
    expect(await quoteStatus(airbnb.home.id, day(14), day(16))).toBe(200);
    expect(await quoteStatus(airbnb.home.id, day(8), day(10))).toBe(200);
    expect(await quoteStatus(airbnb.home.id, day(13), day(15))).toBe(422);
    expect(await quoteStatus(tzid.home.id, day(15), day(17))).toBe(200);
    expect(await quoteStatus(tzid.home.id, day(14), day(16))).toBe(422);
  });

  it('records a conflict with a booking, keeps the booking and e-mails it once', async () => {
    const home = await newHome();
    // A Monday stay priced at the test home's weekday rates, months ahead.
    const stay = nextStay(3);
    const at = nightsBetween(day(0), stay.checkIn);
    const intent = await createIntent(t.app, intentRequest(home, stay));
    expect((await payWithCard(t.app, intent)).status).toBe(200);
    expect((await postConfirm(t.app, confirmationPayload(intent, { propertyId: home.id, ...stay }))).status).toBe(200);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.paymentIntentId));

    const feed = await newFeed(
      home,
      calendar(allDay('double@airbnb.com', at + 1, at + 5), allDay('fine@airbnb.com', at + 7, at + 9)),
    );
    expect(await syncFeed(deps, feed.id, new Date())).toEqual({
      status: 'ok',
      events: 2,
      added: 2,
      updated: 0,
      removed: 0,
      conflicts: 1,
    });
    expect(await syncFeed(deps, feed.id, new Date())).toMatchObject({
      status: 'ok',
      added: 0,
      updated: 0,
      conflicts: 1,
    });
    const [event] = await t.db.select().from(calendarFeedEvents).where(eq(calendarFeedEvents.uid, 'double@airbnb.com'));
    expect(event).toMatchObject({ stayId: null, conflictWith: `booking ${booking!.code}`, checkIn: day(at + 1) });
    expect(event?.conflictEmailedAt).not.toBeNull();
    const mails = (await outbox('channel_conflict')).filter((m) => m.reference === `calendar-feed:${feed.id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: inbox });
    expect(mails[0]?.text).toContain(`booking ${booking!.code}`);
    // Our booking is where it was; the other event became a block.
    const [ours] = await t.db.select().from(stays).where(eq(stays.id, booking!.stayId));
    expect(ours).toMatchObject({ status: 'active', kind: 'reservation' });
    expect(fromDateRange(ours!.nights)).toEqual(stay);
    expect((await importedBlocks(home.id)).map((b) => b.checkIn)).toEqual([day(at + 7)]);
  });

  it('records an overlap with another block as a conflict without e-mail, and imports it once the block goes', async () => {
    const home = await newHome();
    const block = await insertStay(t.db, home.id, {
      checkIn: day(60),
      checkOut: day(62),
      kind: 'staff_block',
      reason: 'Painting',
    });
    const feed = await newFeed(home, calendar(allDay('over-block@airbnb.com', 61, 63)));
    expect(await syncFeed(deps, feed.id, new Date())).toMatchObject({ status: 'ok', added: 1, conflicts: 1 });
    const [event] = await t.db.select().from(calendarFeedEvents).where(eq(calendarFeedEvents.feedId, feed.id));
    expect(event).toMatchObject({ stayId: null, conflictWith: 'another block', conflictEmailedAt: null });
    expect((await outbox('channel_conflict')).filter((m) => m.reference === `calendar-feed:${feed.id}`)).toEqual([]);

    await t.db.update(stays).set({ status: 'released' }).where(eq(stays.id, block.id));
    expect(await syncFeed(deps, feed.id, new Date())).toMatchObject({ status: 'ok', updated: 1, conflicts: 0 });
    expect(await importedBlocks(home.id)).toMatchObject([{ checkIn: day(61), checkOut: day(63) }]);
  });

  it.each([
    [
      'a malformed feed',
      (path: string) => feeds.set(path, { body: loadFixture('malformed.ics') }),
      /not an iCalendar file/,
    ],
    [
      'a 5 MB feed',
      (path: string) => feeds.set(path, { body: Buffer.alloc(5 * 1024 * 1024, 'A') }),
      /larger than 2 MB/,
    ],
    [
      'a redirect to a private address',
      (path: string) => feeds.redirect(path, 'https://127.0.0.1:9/feed.ics'),
      /private or local network address \(127\.0\.0\.1\)/,
    ],
    ['an HTTP error', (path: string) => feeds.set(path, { status: 503, body: 'down' }), /HTTP 503/],
  ])(
    'keeps the blocks of %s, records the error, and e-mails staff once after a day',
    async (_name, breakFeed, error) => {
      const home = await newHome();
      const feed = await newFeed(home, loadFixture('vrbo.ics'), 'Vrbo');
      await syncFeed(deps, feed.id, new Date());
      const before = await importedBlocks(home.id);
      expect(before).toHaveLength(2);

      breakFeed(feed.path);
      const start = new Date();
      const failed = await syncFeed(deps, feed.id, start);
      expect(failed).toMatchObject({
        status: 'failed',
        events: 2,
        added: 0,
        removed: 0,
        error: expect.stringMatching(error) as unknown,
      });
      expect(await importedBlocks(home.id)).toEqual(before);
      const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
      expect(row).toMatchObject({
        failingSince: start,
        failureEmailedAt: null,
        lastError: failed?.error,
        eventCount: 2,
      });

      const failureMails = async () =>
        (await outbox('channel_feed_failing')).filter((m) => m.reference === `calendar-feed:${feed.id}`);
      await syncFeed(deps, feed.id, new Date(start.getTime() + 23 * 3_600_000));
      expect(await failureMails()).toEqual([]);
      await syncFeed(deps, feed.id, new Date(start.getTime() + 25 * 3_600_000));
      await syncFeed(deps, feed.id, new Date(start.getTime() + 26 * 3_600_000));
      expect(await failureMails()).toHaveLength(1);
      expect((await failureMails())[0]?.to).toBe(inbox);
      const [still] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
      expect(still).toMatchObject({ failingSince: start });
      expect(still?.failureEmailedAt).not.toBeNull();

      // Fixed: the failure run ends.
      feeds.set(feed.path, { body: loadFixture('vrbo.ics') });
      expect(await syncFeed(deps, feed.id, new Date())).toMatchObject({
        status: 'ok',
        added: 0,
        updated: 0,
        removed: 0,
      });
      const [fixed] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
      expect(fixed).toMatchObject({ lastError: null, failingSince: null, failureEmailedAt: null });
    },
  );

  it('lets a guest buy nothing an imported block takes', async () => {
    const home = await newHome();
    const feed = await newFeed(home, calendar(allDay('guest-test@airbnb.com', 70, 73)));
    await syncFeed(deps, feed.id, new Date());
    expect(await quoteStatus(home.id, day(71), day(73))).toBe(422);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-payment-intent',
      payload: intentRequest(home, { checkIn: day(70), checkOut: day(72) }),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await quoteStatus(home.id, day(73), day(75))).toBe(200);
  });

  it('answers null for an unknown feed', async () => {
    expect(await syncFeed(deps, '00000000-0000-4000-8000-000000000000', new Date())).toBeNull();
  });

  it('runs concurrent syncs of one feed into one set of blocks', async () => {
    const home = await newHome();
    const feed = await newFeed(home, loadFixture('airbnb.ics'));
    const results = await Promise.all([syncFeed(deps, feed.id, new Date()), t.app.channelSync.syncNow(feed.id)]);
    expect(results.map((r) => r?.status)).toEqual(['ok', 'ok']);
    // One of them applied the feed; the other found it applied (or being applied).
    expect(results.reduce((sum, r) => sum + (r?.added ?? 0), 0)).toBe(2);
    expect(await importedBlocks(home.id)).toHaveLength(2);
    // The one that found the feed being applied answers it as applied, not as it was before.
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(results.map((r) => r?.events)).toEqual([row!.eventCount, row!.eventCount]);
  });
});

describe('the sync worker', () => {
  it('claims due feeds once, pushes their next sync ahead and syncs them', async () => {
    const home = await newHome();
    const feed = await newFeed(home, loadFixture('vrbo.ics'), 'Vrbo');
    const now = new Date(Date.now() + 60_000);
    const claimed = await claimDueFeeds(deps, 100, now);
    expect(claimed).toContain(feed.id);
    expect(await claimDueFeeds(deps, 100, now)).not.toContain(feed.id);
    await t.db
      .update(calendarFeeds)
      .set({ nextSyncAt: new Date(0) })
      .where(eq(calendarFeeds.id, feed.id));
    expect(await syncDueFeeds(deps, new Date())).toBeGreaterThanOrEqual(1);
    expect(await importedBlocks(home.id)).toHaveLength(2);
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(row!.nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('is not started in tests unless asked, and stops with the app', async () => {
    const home = await newHome();
    const feed = await newFeed(home, loadFixture('vrbo.ics'), 'Vrbo');
    // The worker's timer is a fake one: ten minutes pass at once, and closing
    // the app waits for any run they started, so nothing was fetched means
    // nothing ran, however slow the machine.
    const due = async () =>
      (await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id)))[0]?.nextSyncAt;
    const dueBefore = await due();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const idle = await t.buildAnotherApp();
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      await idle.app.close();
    } finally {
      vi.useRealTimers();
    }
    // Neither claimed (a run pushes the feed's next sync on) nor fetched.
    expect(await due()).toEqual(dueBefore);
    expect(feeds.requests.filter((r) => r.path === feed.path)).toEqual([]);
    const { app } = await t.buildAnotherApp();
    app.channelSync.worker.start();
    await expect.poll(async () => (await importedBlocks(home.id)).length).toBe(2);
    await app.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes', () => {
  it('sync the same feed at once into one set of blocks', async () => {
    const home = await newHome();
    const feed = await newFeed(home, loadFixture('airbnb.ics'));
    const one = await t.buildSeparateApp();
    const two = await t.buildSeparateApp();
    const results = await Promise.all([one.app.channelSync.syncNow(feed.id), two.app.channelSync.syncNow(feed.id)]);
    expect(results.map((r) => r?.status).sort()).toEqual(['ok', 'ok']);
    expect(results.reduce((sum, r) => sum + (r?.added ?? 0), 0)).toBe(2);
    expect(await importedBlocks(home.id)).toHaveLength(2);
    // The process that waited for the other answers the feed as the other left it.
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(row!.eventCount).toBeGreaterThan(0);
    expect(results.map((r) => r?.events)).toEqual([row!.eventCount, row!.eventCount]);
    const events = await t.db.select().from(calendarFeedEvents).where(eq(calendarFeedEvents.feedId, feed.id));
    expect(events).toHaveLength(2);
  });
});
