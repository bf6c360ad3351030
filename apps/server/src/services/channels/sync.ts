// Importing one channel feed into its home's calendar (issue 15). Each event
// of the feed, keyed by feed and UID, is an `imported_block` stay: new events
// are inserted, moved ones are moved in place (the same stay row, so a
// "Not available" window that slides every day is updated, never re-created),
// vanished ones are released at once. An event whose nights a booking or a
// payment hold here already takes is not forced in and does not move ours: it
// is kept as a conflict and e-mailed once. A feed that cannot be fetched or
// read keeps the blocks it last gave. The fetch happens outside any
// transaction (it may take seconds); the writes happen in one transaction
// that first takes this feed's advisory lock, so two processes never apply a
// feed at once.
import {
  bookings,
  calendarFeedEvents,
  calendarFeeds,
  isOverlapError,
  lockHomeCalendar,
  properties,
  queryRows,
  stays,
  toDateRange,
  type Database,
  type Transaction,
} from '@sas/db';
import type { FeedSyncResult } from '@sas/domain';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Env } from '../../env.js';
import { occupiesNights, overlapsNights, releaseExpiredHolds } from '../availability.js';
import { enqueueEmail } from '../email/outbox.js';
import { renderEmail } from '../email/render.js';
import { fetchFeed, type FetchFeedOptions, type FetchFeedResult } from './fetch.js';
import { FeedParseError, parseFeed, type FeedEvent } from './parse.js';
import { planHomeTasks } from '../tasks/plan.js';

export type SyncResult = FeedSyncResult;

export interface ChannelSyncDeps {
  db: Database;
  env: Pick<Env, 'ICAL_ALLOW_HOSTS' | 'ICAL_SYNC_MINUTES' | 'COMPANY_INBOX_EMAIL' | 'PUBLIC_URL'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Told when an e-mail was queued, so the outbox sends it soon. */
  onEmailQueued?: () => void;
  /** Tests shorten the fetch timeout. */
  fetchOptions?: FetchFeedOptions;
}

export function channelSyncDeps(app: FastifyInstance): ChannelSyncDeps {
  return { db: app.db, env: app.env, log: app.log, onEmailQueued: () => app.mailer.outbox.poke() };
}

/** Staff are e-mailed once a feed has failed for this long without a success. */
export const failureEmailAfterMs = 24 * 60 * 60 * 1000;

/** What an imported event collides with when it is not a double booking: no e-mail. */
export const anotherBlock = 'another block';
const aPaymentHold = 'a payment hold';

type FeedRow = typeof calendarFeeds.$inferSelect;
type EventRow = typeof calendarFeedEvents.$inferSelect;

interface Home {
  id: string;
  propertyId: string;
  name: string;
  timeZone: string;
}

interface Counts {
  added: number;
  updated: number;
  removed: number;
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

async function conflictCount(tx: Pick<Database, 'select'>, feedId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(calendarFeedEvents)
    .where(and(eq(calendarFeedEvents.feedId, feedId), isNull(calendarFeedEvents.stayId)));
  return row?.n ?? 0;
}

/** The feed as it stands, for a sync that did nothing new (busy, or failed). */
async function currentState(
  tx: Pick<Database, 'select'>,
  feed: FeedRow,
  status: SyncResult['status'],
  error?: string,
): Promise<SyncResult> {
  return {
    status,
    events: feed.eventCount,
    added: 0,
    updated: 0,
    removed: 0,
    conflicts: await conflictCount(tx, feed.id),
    ...(error === undefined ? {} : { error }),
  };
}

/**
 * What takes [checkIn, checkOut) in the home besides this stay: a booking's
 * code, 'a payment hold', or 'another block' (staff, owner or another feed's).
 */
async function collisionWith(tx: Transaction, homeId: string, event: FeedEvent, ownStay: string | null) {
  const rows = await tx
    .select({ kind: stays.kind, code: bookings.code })
    .from(stays)
    .leftJoin(bookings, eq(bookings.stayId, stays.id))
    .where(
      and(
        eq(stays.propertyId, homeId),
        occupiesNights(),
        overlapsNights(event.checkIn, event.checkOut),
        ownStay === null ? undefined : sql`${stays.id} <> ${ownStay}`,
      ),
    )
    .orderBy(asc(sql`lower(${stays.nights})`));
  const booking = rows.find((row) => row.kind === 'reservation');
  if (booking) return booking.code ? `booking ${booking.code}` : 'a booking';
  if (rows.some((row) => row.kind === 'hold')) return aPaymentHold;
  return anotherBlock;
}

/** Runs `write` in a savepoint; false when the exclusion constraint refused it (the rest carries on). */
async function tryNights(tx: Transaction, write: (sp: Transaction) => Promise<unknown>): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      await write(sp);
    });
    return true;
  } catch (err) {
    if (isOverlapError(err)) return false;
    throw err;
  }
}

function reasonOf(feed: FeedRow, event: FeedEvent): string {
  return `${feed.name}: ${event.summary || 'Not available'}`.slice(0, 300);
}

/** Makes `event` take its nights: moves the event's stay, or inserts one; a conflict when they are taken. */
async function applyEvent(
  tx: Transaction,
  feed: FeedRow,
  home: Home,
  event: FeedEvent,
  previous: EventRow | undefined,
): Promise<'added' | 'updated' | 'unchanged'> {
  const nights = toDateRange(event.checkIn, event.checkOut);
  const reason = reasonOf(feed, event);
  const sameDates = previous?.checkIn === event.checkIn && previous.checkOut === event.checkOut;
  const sameSummary = (previous?.summary ?? '') === event.summary;
  let stayId = previous?.stayId ?? null;
  if (stayId !== null && sameDates && sameSummary) return 'unchanged';

  let placed: boolean;
  if (stayId !== null) {
    const id = stayId;
    placed = await tryNights(tx, (sp) => sp.update(stays).set({ nights, reason }).where(eq(stays.id, id)));
    // Moved onto a booking: the old nights are no longer taken there either.
    if (!placed) await tx.update(stays).set({ status: 'released' }).where(eq(stays.id, id));
  } else {
    let inserted: string | null = null;
    placed = await tryNights(tx, async (sp) => {
      const [row] = await sp
        .insert(stays)
        .values({ propertyId: home.id, nights, kind: 'imported_block', reason })
        .returning({ id: stays.id });
      inserted = row?.id ?? null;
    });
    stayId = inserted;
  }
  if (!placed) stayId = null;
  const conflictWith = placed ? null : await collisionWith(tx, home.id, event, null);
  // A conflict on other dates, or with something else, is news: e-mailed again.
  const keepEmailed =
    sameDates && previous?.conflictWith === conflictWith ? (previous?.conflictEmailedAt ?? null) : null;
  const values = {
    checkIn: event.checkIn,
    checkOut: event.checkOut,
    summary: event.summary,
    stayId,
    conflictWith,
    conflictEmailedAt: keepEmailed,
    updatedAt: sql`now()`,
  };
  if (previous) {
    await tx
      .update(calendarFeedEvents)
      .set(values)
      .where(and(eq(calendarFeedEvents.feedId, feed.id), eq(calendarFeedEvents.uid, event.uid)));
    return sameDates && sameSummary && previous.stayId === stayId ? 'unchanged' : 'updated';
  }
  await tx.insert(calendarFeedEvents).values({ feedId: feed.id, uid: event.uid, ...values });
  return 'added';
}

async function conflictEmail(env: ChannelSyncDeps['env'], feed: FeedRow, home: Home, event: EventRow) {
  return {
    kind: 'channel_conflict',
    to: env.COMPANY_INBOX_EMAIL,
    ...(await renderEmail('channel-conflict', {
      feed,
      home,
      event,
      consoleUrl: `${env.PUBLIC_URL}/admin/homes/${home.propertyId}`,
    })),
    dedupeKey: `channel-conflict:${feed.id}:${event.uid}:${event.checkIn}:${event.checkOut}`,
    reference: `calendar-feed:${feed.id}`,
  };
}

async function failureEmail(env: ChannelSyncDeps['env'], feed: FeedRow, home: Home, failingSince: Date, error: string) {
  return {
    kind: 'channel_feed_failing',
    to: env.COMPANY_INBOX_EMAIL,
    ...(await renderEmail('channel-feed-failing', {
      feed,
      home,
      failingSince,
      error,
      consoleUrl: `${env.PUBLIC_URL}/admin/homes/${home.propertyId}`,
    })),
    dedupeKey: `channel-feed-failing:${feed.id}:${failingSince.toISOString()}`,
    reference: `calendar-feed:${feed.id}`,
  };
}

function nextSync(deps: ChannelSyncDeps, now: Date): Date {
  return new Date(now.getTime() + deps.env.ICAL_SYNC_MINUTES * 60_000);
}

/** Records a failure; the blocks stay. E-mails staff once when the run of failures reaches a day. */
async function recordFailure(
  deps: ChannelSyncDeps,
  tx: Transaction,
  feed: FeedRow,
  home: Home,
  error: string,
  now: Date,
): Promise<boolean> {
  const failingSince = feed.failingSince ?? now;
  const emailNow = feed.failureEmailedAt === null && now.getTime() - failingSince.getTime() >= failureEmailAfterMs;
  let queued = false;
  if (emailNow) queued = (await enqueueEmail(tx, await failureEmail(deps.env, feed, home, failingSince, error))).queued;
  await tx
    .update(calendarFeeds)
    .set({
      lastSyncAt: now,
      lastError: error,
      failingSince,
      failureEmailedAt: emailNow ? now : feed.failureEmailedAt,
      nextSyncAt: nextSync(deps, now),
    })
    .where(eq(calendarFeeds.id, feed.id));
  return queued;
}

type Applied = { result: SyncResult; emailed: boolean } | null;

async function apply(
  deps: ChannelSyncDeps,
  tx: Transaction,
  feedId: string,
  fetched: FetchFeedResult,
  now: Date,
): Promise<Applied> {
  // Another process is applying this feed right now: its answer is as good as
  // ours, so wait for it to commit and answer the feed as it left it (read
  // before it commits, a "Sync now" beside the worker's first sync said
  // "0 events" while it was importing eight).
  const lockKey = `calendar_feed:${feedId}`;
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) as locked`,
  );
  if (!lock?.locked) await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  const [feed] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
  if (!feed) return null;
  if (!lock?.locked) {
    return {
      result: await currentState(tx, feed, feed.lastError ? 'failed' : 'ok', feed.lastError ?? undefined),
      emailed: false,
    };
  }
  const [home] = await tx
    .select({
      id: properties.id,
      propertyId: properties.propertyId,
      name: properties.name,
      timeZone: properties.timeZone,
    })
    .from(properties)
    .where(eq(properties.id, feed.propertyId));
  if (!home) return null;

  if (fetched.status === 'failed') {
    const emailed = await recordFailure(deps, tx, feed, home, fetched.error, now);
    return { result: await currentState(tx, feed, 'failed', fetched.error), emailed };
  }
  if (fetched.status === 'not_modified') {
    await tx
      .update(calendarFeeds)
      .set({
        lastSyncAt: now,
        lastSuccessAt: now,
        lastError: null,
        failingSince: null,
        failureEmailedAt: null,
        nextSyncAt: nextSync(deps, now),
      })
      .where(eq(calendarFeeds.id, feed.id));
    return { result: await currentState(tx, feed, 'not_modified'), emailed: false };
  }
  let events: FeedEvent[];
  try {
    events = parseFeed(fetched.text, home.timeZone, now);
  } catch (err) {
    if (!(err instanceof FeedParseError)) throw err;
    const emailed = await recordFailure(deps, tx, feed, home, err.message, now);
    return { result: await currentState(tx, feed, 'failed', err.message), emailed };
  }

  // Guests' holds on this home wait for the sync, and it for them.
  await lockHomeCalendar(tx, home.id);
  const previous = await tx.select().from(calendarFeedEvents).where(eq(calendarFeedEvents.feedId, feed.id));
  const byUid = new Map(previous.map((row) => [row.uid, row]));
  const current = new Set(events.map((event) => event.uid));
  const counts: Counts = { added: 0, updated: 0, removed: 0 };

  // Vanished first, so an event moving into nights another one left finds them free.
  const vanished = previous.filter((row) => !current.has(row.uid));
  const released = vanished.flatMap((row) => (row.stayId ? [row.stayId] : []));
  if (released.length > 0) await tx.update(stays).set({ status: 'released' }).where(inArray(stays.id, released));
  if (vanished.length > 0) {
    await tx.delete(calendarFeedEvents).where(
      and(
        eq(calendarFeedEvents.feedId, feed.id),
        inArray(
          calendarFeedEvents.uid,
          vanished.map((row) => row.uid),
        ),
      ),
    );
  }
  counts.removed = vanished.length;

  const first = events[0];
  if (first) {
    const last = events.reduce((max, event) => (event.checkOut > max ? event.checkOut : max), first.checkOut);
    // Lapsed holds no longer take their nights; released, they stop colliding.
    await releaseExpiredHolds(tx, home.id, first.checkIn, last);
  }
  for (const event of events) {
    const outcome = await applyEvent(tx, feed, home, event, byUid.get(event.uid));
    if (outcome !== 'unchanged') counts[outcome] += 1;
  }
  // Imported stays have their turnover tasks like bookings (issue 30): new, moved, cancelled.
  await planHomeTasks(tx, home.id, now, { publicUrl: deps.env.PUBLIC_URL });

  // A conflict with a booking or hold is a possible double booking: e-mailed once.
  let emailed = false;
  const unsent = await tx
    .select()
    .from(calendarFeedEvents)
    .where(
      and(
        eq(calendarFeedEvents.feedId, feed.id),
        isNull(calendarFeedEvents.stayId),
        isNull(calendarFeedEvents.conflictEmailedAt),
        sql`${calendarFeedEvents.conflictWith} <> ${anotherBlock}`,
      ),
    );
  for (const event of unsent) {
    const { queued } = await enqueueEmail(tx, await conflictEmail(deps.env, feed, home, event));
    emailed ||= queued;
    await tx
      .update(calendarFeedEvents)
      .set({ conflictEmailedAt: now })
      .where(and(eq(calendarFeedEvents.feedId, feed.id), eq(calendarFeedEvents.uid, event.uid)));
  }

  await tx
    .update(calendarFeeds)
    .set({
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      lastSyncAt: now,
      lastSuccessAt: now,
      lastError: null,
      failingSince: null,
      failureEmailedAt: null,
      eventCount: events.length,
      nextSyncAt: nextSync(deps, now),
    })
    .where(eq(calendarFeeds.id, feed.id));
  return {
    result: { status: 'ok', events: events.length, ...counts, conflicts: await conflictCount(tx, feed.id) },
    emailed,
  };
}

/**
 * Fetches and applies one feed now. Null when the feed (or its home) does
 * not exist. Never throws for the channel's faults: those are a `failed`
 * result with the reason, and the feed's blocks are kept.
 */
export async function syncFeed(deps: ChannelSyncDeps, feedId: string, now: Date): Promise<SyncResult | null> {
  const [feed] = await deps.db
    .select({ url: calendarFeeds.url, etag: calendarFeeds.etag, lastModified: calendarFeeds.lastModified })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.id, feedId));
  if (!feed) return null;
  let fetched: FetchFeedResult;
  try {
    fetched = await fetchFeed(feed.url, feed, deps.env, deps.fetchOptions);
  } catch (err) {
    fetched = { status: 'failed', error: `The feed could not be fetched: ${errorText(err)}` };
  }
  const applied = await deps.db.transaction((tx) => apply(deps, tx, feedId, fetched, now));
  if (applied?.emailed) deps.onEmailQueued?.();
  if (applied?.result.status === 'failed') {
    deps.log.warn({ feedId, error: applied.result.error }, 'calendar feed sync failed');
  }
  return applied?.result ?? null;
}

/**
 * Claims up to `limit` feeds that are due and pushes their next sync a full
 * interval ahead in the same statement, so another process's worker does not
 * take them too (rows it holds are skipped, not waited for).
 */
export async function claimDueFeeds(deps: ChannelSyncDeps, limit: number, now: Date): Promise<string[]> {
  const due = deps.db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(sql`${calendarFeeds.nextSyncAt} <= ${now.toISOString()}::timestamptz`)
    .orderBy(asc(calendarFeeds.nextSyncAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await deps.db
    .update(calendarFeeds)
    .set({ nextSyncAt: nextSync(deps, now) })
    .where(inArray(calendarFeeds.id, due))
    .returning({ id: calendarFeeds.id });
  return rows.map((row) => row.id);
}

/** One worker run at `now` (the app's clock): syncs every due feed, a few at a time, until none is due. */
export async function syncDueFeeds(
  deps: ChannelSyncDeps,
  now: Date,
  { batchSize = 5, maxBatches = 20 } = {},
): Promise<number> {
  let synced = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const ids = await claimDueFeeds(deps, batchSize, now);
    if (ids.length === 0) break;
    for (const id of ids) {
      try {
        await syncFeed(deps, id, now);
      } catch (err) {
        deps.log.error({ err, feedId: id }, 'calendar feed sync crashed');
      }
      synced += 1;
    }
  }
  return synced;
}
