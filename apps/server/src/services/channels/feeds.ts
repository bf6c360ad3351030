// The calendar feeds staff connect to a home and its export URLs (issue 15,
// ADR 027). A feed is checked against the fetching rules before it is saved
// (services/channels/fetch.ts checks it again on every fetch); deleting one
// frees the nights it blocked. Export tokens are made the first time the
// console lists a home's feeds, one per channel, and rotated on demand.
import { randomBytes } from 'node:crypto';
import { calendarExports, calendarFeedEvents, calendarFeeds, lockHomeCalendar, stays, type Database } from '@sas/db';
import {
  calendarChannelNames,
  isUuid,
  type AdminCalendarExport,
  type AdminFeed,
  type AdminFeedList,
  type AdminFeedRequest,
  type CalendarChannelName,
} from '@sas/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../console/audit.js';
import { findVisibleHome, type ConsoleUser } from '../console/access.js';
import { planHomeTasks, type TaskSettings } from '../tasks/plan.js';

export const feedNotFoundMessage = 'Calendar feed not found';
export const duplicateFeedMessage = 'This home already imports a feed at this address.';

/** 32 random bytes: as hard to guess as a password-reset token. */
export function newExportToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address a channel polls: named by the listing number, which staff recognise in the channel's settings. */
export function exportUrl(publicUrl: string, listingNumber: string, token: string): string {
  return `${publicUrl}/api/properties/${encodeURIComponent(listingNumber)}/calendar.ics?token=${encodeURIComponent(token)}`;
}

const feedColumns = {
  id: calendarFeeds.id,
  propertyId: calendarFeeds.propertyId,
  name: calendarFeeds.name,
  url: calendarFeeds.url,
  channel: calendarFeeds.channel,
  lastSyncAt: calendarFeeds.lastSyncAt,
  lastSuccessAt: calendarFeeds.lastSuccessAt,
  lastError: calendarFeeds.lastError,
  failingSince: calendarFeeds.failingSince,
  eventCount: calendarFeeds.eventCount,
  conflicts: sql<number>`(SELECT count(*) FROM ${calendarFeedEvents}
    WHERE ${calendarFeedEvents.feedId} = ${calendarFeeds.id} AND ${calendarFeedEvents.conflictWith} IS NOT NULL)::int`,
  createdAt: calendarFeeds.createdAt,
};

type FeedRow = Omit<typeof calendarFeeds.$inferSelect, 'etag' | 'lastModified' | 'failureEmailedAt' | 'nextSyncAt'> & {
  conflicts: number;
};

function toAdminFeed(row: FeedRow): AdminFeed {
  return {
    ...row,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

type Writer = Pick<Database, 'select' | 'insert'>;

/** The home's export tokens, one per channel, made now for channels that have none yet. */
export async function ensureExportTokens(db: Writer, propertyUuid: string): Promise<Map<CalendarChannelName, string>> {
  await db
    .insert(calendarExports)
    .values(calendarChannelNames.map((channel) => ({ propertyId: propertyUuid, channel, token: newExportToken() })))
    .onConflictDoNothing({ target: [calendarExports.propertyId, calendarExports.channel] });
  const rows = await db
    .select({ channel: calendarExports.channel, token: calendarExports.token })
    .from(calendarExports)
    .where(eq(calendarExports.propertyId, propertyUuid));
  return new Map(rows.map((row) => [row.channel, row.token]));
}

export type FeedListOutcome = { status: 'ok'; list: AdminFeedList } | { status: 'not_found' };

export async function listFeeds(
  db: Database,
  user: ConsoleUser,
  ref: string,
  publicUrl: string,
): Promise<FeedListOutcome> {
  const home = await findVisibleHome(db, user, ref);
  if (!home) return { status: 'not_found' };
  const tokens = await ensureExportTokens(db, home.id);
  const feeds = await db
    .select(feedColumns)
    .from(calendarFeeds)
    .where(eq(calendarFeeds.propertyId, home.id))
    .orderBy(asc(calendarFeeds.createdAt), asc(calendarFeeds.id));
  const exports: AdminCalendarExport[] = [];
  for (const channel of calendarChannelNames) {
    const token = tokens.get(channel);
    if (token) exports.push({ channel, url: exportUrl(publicUrl, home.propertyId, token) });
  }
  return { status: 'ok', list: { feeds: feeds.map(toAdminFeed), exports } };
}

export type CreateFeedOutcome =
  { status: 'created'; feed: AdminFeed } | { status: 'not_found' } | { status: 'conflict'; message: string };

/** Adds a feed to a home; the URL was checked by the caller (checkFeedUrl). Its first sync is due at once. */
export async function createFeed(
  db: Database,
  user: ConsoleUser,
  ref: string,
  body: AdminFeedRequest,
): Promise<CreateFeedOutcome> {
  const home = await findVisibleHome(db, user, ref);
  if (!home) return { status: 'not_found' };
  return db.transaction(async (tx): Promise<CreateFeedOutcome> => {
    // Two staff adding the same address at once would import every event twice.
    await lockHomeCalendar(tx, home.id);
    const [same] = await tx
      .select({ id: calendarFeeds.id })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.propertyId, home.id), eq(calendarFeeds.url, body.url)));
    if (same) return { status: 'conflict', message: duplicateFeedMessage };
    const [inserted] = await tx
      .insert(calendarFeeds)
      .values({ propertyId: home.id, name: body.name, url: body.url, channel: body.channel })
      .returning({ id: calendarFeeds.id });
    if (!inserted) throw new Error('The feed was not inserted');
    const [row] = await tx.select(feedColumns).from(calendarFeeds).where(eq(calendarFeeds.id, inserted.id));
    if (!row) throw new Error('The feed just inserted is missing');
    const feed = toAdminFeed(row);
    await recordAudit(tx, user, {
      action: 'calendar_feed.create',
      entity: 'calendar_feed',
      entityId: feed.id,
      after: { propertyId: home.id, listing: home.propertyId, name: feed.name, url: feed.url, channel: feed.channel },
    });
    return { status: 'created', feed };
  });
}

/** The feed with this id if the user may see its home; null otherwise (404 either way). */
export async function findVisibleFeed(
  db: Pick<Database, 'select'>,
  user: ConsoleUser,
  feedId: string,
): Promise<{ id: string; propertyId: string } | null> {
  if (!isUuid(feedId)) return null;
  const [feed] = await db
    .select({ id: calendarFeeds.id, propertyId: calendarFeeds.propertyId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.id, feedId.toLowerCase()));
  return feed && (user.homes === null || user.homes.has(feed.propertyId)) ? feed : null;
}

export type DeleteFeedOutcome = { status: 'deleted'; releasedStays: number } | { status: 'not_found' };

/**
 * Removes a feed and frees every night it blocked: its imported blocks are
 * released (kept for the record) and its events go with it. A sync of the
 * same home's feeds runs before or after, never between (the home's calendar lock).
 */
export async function deleteFeed(
  db: Database,
  user: ConsoleUser,
  feedId: string,
  now: Date,
  settings: TaskSettings,
): Promise<DeleteFeedOutcome> {
  const visible = await findVisibleFeed(db, user, feedId);
  if (!visible) return { status: 'not_found' };
  return db.transaction(async (tx): Promise<DeleteFeedOutcome> => {
    // The home's lock first, then the feed's row: the order a sync takes them in, so the two never deadlock.
    await lockHomeCalendar(tx, visible.propertyId);
    const [feed] = await tx
      .select({
        id: calendarFeeds.id,
        propertyId: calendarFeeds.propertyId,
        name: calendarFeeds.name,
        url: calendarFeeds.url,
        channel: calendarFeeds.channel,
      })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.id, visible.id))
      .for('update');
    if (!feed) return { status: 'not_found' };
    const blocks = tx
      .select({ stayId: calendarFeedEvents.stayId })
      .from(calendarFeedEvents)
      .where(eq(calendarFeedEvents.feedId, feed.id));
    const released = await tx
      .update(stays)
      .set({ status: 'released' })
      .where(and(inArray(stays.id, blocks), eq(stays.kind, 'imported_block'), eq(stays.status, 'active')))
      .returning({ id: stays.id });
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    await planHomeTasks(tx, feed.propertyId, now, settings);
    // propertyId in `before` also tells the export that the home's nights changed now.
    await recordAudit(tx, user, {
      action: 'calendar_feed.delete',
      entity: 'calendar_feed',
      entityId: feed.id,
      before: { ...feed, releasedStays: released.map((row) => row.id) },
    });
    return { status: 'deleted', releasedStays: released.length };
  });
}

export type RotateExportOutcome = { status: 'rotated'; export: AdminCalendarExport } | { status: 'not_found' };

/** A new secret for one channel's export URL; the old URL answers 404 from now on. */
export async function rotateExportToken(
  db: Database,
  user: ConsoleUser,
  ref: string,
  channel: CalendarChannelName,
  publicUrl: string,
): Promise<RotateExportOutcome> {
  const home = await findVisibleHome(db, user, ref);
  if (!home) return { status: 'not_found' };
  const token = newExportToken();
  await db.transaction(async (tx) => {
    await tx
      .insert(calendarExports)
      .values({ propertyId: home.id, channel, token })
      .onConflictDoUpdate({
        target: [calendarExports.propertyId, calendarExports.channel],
        set: { token, createdAt: sql`now()` },
      });
    // The token itself stays out of the log: whoever reads the log may not read the calendar.
    await recordAudit(tx, user, {
      action: 'calendar_export.rotate',
      entity: 'calendar_export',
      entityId: `${home.id}:${channel}`,
      after: { propertyId: home.id, listing: home.propertyId, channel },
    });
  });
  return { status: 'rotated', export: { channel, url: exportUrl(publicUrl, home.propertyId, token) } };
}
