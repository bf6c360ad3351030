// A home's calendar as the channels read it (issue 15, ADR 027): an RFC 5545
// feed per home and channel at /api/properties/{id}/calendar.ics?token=T.
// Every night taken here is in it (confirmed bookings, staff and owner blocks,
// blocks imported from OTHER channels) so no channel sells it twice; payment
// holds are not (they lapse within minutes, and channels poll slower), and
// the blocks a channel itself gave us are left out so nothing echoes back.
// ical-generator writes the text: CRLF line ends, folding at 75 octets, escaping.
import { createHash } from 'node:crypto';
import {
  bookings,
  calendarExports,
  calendarFeedEvents,
  calendarFeeds,
  properties,
  stays,
  type Queryable,
} from '@sas/db';
import { addDays, todayIn, type CalendarChannelName } from '@sas/domain';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { and, eq, sql } from 'drizzle-orm';
import { resolvePropertyRef } from '../property-ref.js';

/** Stays that ended longer ago than this are left out: no channel sells the past. */
export const exportPastDays = 30;

/** The UID of a stay's event: the same for its whole life, whatever happens to its dates. */
export function exportEventUid(stayId: string): string {
  return `${stayId}@summitandshore`;
}

export const reservedSummary = 'Reserved';
export const unavailableSummary = 'Not available';

export interface ExportedStay {
  id: string;
  kind: 'reservation' | 'staff_block' | 'owner_block' | 'imported_block';
  checkIn: string;
  /** Exclusive: the check-out morning. */
  checkOut: string;
  /** When this stay last changed: its DTSTAMP. */
  changedAt: Date;
}

export interface CalendarExport {
  body: string;
  /** A strong validator: the body's digest, quoted. */
  etag: string;
  /**
   * The latest change that could alter the body: a stay added, moved or
   * removed. Null when it happened within the current second, where a
   * second-precision date cannot tell a later change apart (the ETag still can).
   */
  lastModified: Date | null;
}

/** The export of one home for one channel; null for a wrong token, an unknown or unpublished home (all alike). */
export async function loadCalendarExport(
  db: Queryable,
  ref: string,
  token: string | undefined,
  now: Date,
): Promise<CalendarExport | null> {
  if (!token) return null;
  const resolved = await resolvePropertyRef(db, ref);
  if (!resolved) return null;
  const [home] = await db
    .select({
      id: properties.id,
      name: properties.name,
      timeZone: properties.timeZone,
      published: properties.published,
      channel: calendarExports.channel,
      tokenCreatedAt: calendarExports.createdAt,
    })
    .from(calendarExports)
    .innerJoin(properties, eq(properties.id, calendarExports.propertyId))
    .where(and(eq(calendarExports.token, token), eq(calendarExports.propertyId, resolved.id)));
  if (!home?.published) return null;

  const since = addDays(todayIn(home.timeZone, now), -exportPastDays);
  const included = await exportedStays(db, home.id, home.channel, since);
  const latest = await latestChange(db, home.id, home.channel);
  const changedAt = Math.max(
    home.tokenCreatedAt.getTime(),
    latest?.getTime() ?? 0,
    ...included.map((stay) => stay.changedAt.getTime()),
  );
  const body = renderCalendar(included);
  const sameSecond = Math.floor(changedAt / 1000) >= Math.floor(now.getTime() / 1000);
  return {
    body,
    etag: `"${createHash('sha256').update(body, 'utf8').digest('base64url')}"`,
    lastModified: sameSecond ? null : new Date(changedAt),
  };
}

/**
 * The active stays of a home ending after `since`, as they go into the feed
 * for `channel`: no holds, no cancelled bookings, and no imported blocks
 * whose feed is of that same channel.
 */
export async function exportedStays(
  db: Queryable,
  propertyId: string,
  channel: CalendarChannelName,
  since: string,
): Promise<ExportedStay[]> {
  const rows = await db
    .select({
      id: stays.id,
      kind: stays.kind,
      checkIn: sql<string>`lower(${stays.nights})::text`,
      checkOut: sql<string>`upper(${stays.nights})::text`,
      createdAt: stays.createdAt,
      bookedAt: bookings.createdAt,
      movedAt: calendarFeedEvents.updatedAt,
    })
    .from(stays)
    .leftJoin(bookings, eq(bookings.stayId, stays.id))
    .leftJoin(calendarFeedEvents, eq(calendarFeedEvents.stayId, stays.id))
    .leftJoin(calendarFeeds, eq(calendarFeeds.id, calendarFeedEvents.feedId))
    .where(
      and(
        eq(stays.propertyId, propertyId),
        eq(stays.status, 'active'),
        sql`${stays.kind} IN ('reservation', 'staff_block', 'owner_block', 'imported_block')`,
        sql`upper(${stays.nights}) > ${since}::date`,
        sql`${bookings.status} IS DISTINCT FROM 'cancelled'`,
        sql`NOT (${stays.kind} = 'imported_block' AND ${calendarFeeds.channel} IS NOT DISTINCT FROM ${channel})`,
      ),
    )
    .orderBy(sql`lower(${stays.nights})`, stays.id);
  const byId = new Map<string, ExportedStay>();
  for (const row of rows) {
    const times = [row.createdAt, row.bookedAt, row.movedAt].filter((t): t is Date => t !== null);
    const changedAt = new Date(Math.max(...times.map((t) => t.getTime())));
    const seen = byId.get(row.id);
    if (seen && seen.changedAt >= changedAt) continue;
    byId.set(row.id, {
      id: row.id,
      kind: row.kind as ExportedStay['kind'],
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      changedAt,
    });
  }
  return [...byId.values()];
}

/**
 * When the nights of the feed last lost a stay, which leaves no trace on the
 * stays still in it: a booking cancelled, a block removed in the console, a
 * feed deleted, or a sync of another channel's feed (which may free nights).
 * New and moved stays carry their own times (exportedStays).
 */
async function latestChange(db: Queryable, propertyId: string, channel: CalendarChannelName): Promise<Date | null> {
  const [row] = await db
    .select({
      // Written out: Drizzle leaves columns in raw SQL unqualified, and two tables here have an id.
      at: sql<string | null>`greatest(
        (SELECT max(b.cancelled_at) FROM bookings b WHERE b.property_id = ${propertyId}),
        (SELECT max(a.at) FROM audit_log a JOIN stays s ON s.id::text = a.entity_id
          WHERE a.entity = 'stay' AND s.property_id = ${propertyId}),
        (SELECT max(a.at) FROM audit_log a
          WHERE a.action = 'calendar_feed.delete' AND a.before ->> 'propertyId' = ${propertyId}::text),
        (SELECT max(f.last_success_at) FROM calendar_feeds f
          WHERE f.property_id = ${propertyId} AND f.channel <> ${channel})
      )::text`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row?.at ? new Date(row.at) : null;
}

/** Midnight UTC of a calendar date: ical-generator writes an all-day date from its UTC fields. */
function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** The iCalendar text of these stays. */
export function renderCalendar(included: readonly ExportedStay[]): string {
  const calendar = ical({
    prodId: { company: 'Summit & Shore', product: 'Channel calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    scale: 'gregorian',
  });
  for (const stay of included) {
    calendar.createEvent({
      id: exportEventUid(stay.id),
      allDay: true,
      start: utcDate(stay.checkIn),
      end: utcDate(stay.checkOut),
      // Deterministic, so an unchanged calendar keeps its ETag.
      stamp: stay.changedAt,
      summary: stay.kind === 'reservation' ? reservedSummary : unavailableSummary,
    });
  }
  // RFC 5545 ends every line with CRLF, the last one too; the library stops short of it.
  return `${calendar.toString()}\r\n`;
}
