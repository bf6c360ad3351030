// Calendars in the console (issue 14 section 4): every kind of taken night of
// the homes a user may see, and the blocks staff and owners put on them. A
// block is a stay like any other, so the exclusion constraint decides whether
// its nights are free, against reservations, holds and other blocks at once;
// guests' quotes and payments read the same table and are refused its nights.
import {
  bookings,
  calendarFeedEvents,
  calendarFeeds,
  isOverlapError,
  lockHomeCalendar,
  properties,
  retryTransaction,
  stays,
  toDateRange,
  type Database,
  type Queryable,
} from '@sas/db';
import {
  isUuid,
  ownerBlockReason,
  propertyDisplayName,
  todayIn,
  type AdminCalendar,
  type AdminCalendarConflict,
  type AdminCalendarQuery,
  type AdminCalendarStay,
  type CalendarStayKind,
  type IsoDate,
} from '@sas/domain';
import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { occupiesNights, overlapsNights, releaseExpiredHolds } from '../availability.js';
import { homeTimeZone } from '../property-ref.js';
import { findVisibleHome, type ConsolePrincipal, type ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';
import { guestNameFor } from './reservations.js';
import { planHomeTasks, type TaskSettings } from '../tasks/plan.js';

const stayBounds = {
  checkIn: sql<string>`lower(${stays.nights})::text`,
  checkOut: sql<string>`upper(${stays.nights})::text`,
};

/** Kinds a console user may remove: staff any block of theirs, owners owner blocks only. */
function removableKinds(user: ConsoleUser): readonly CalendarStayKind[] {
  return user.homes === null ? ['staff_block', 'owner_block'] : ['owner_block'];
}

/** What takes the first night of the runs that a new block collides with, in words. */
async function describeCollision(db: Queryable, propertyId: string, runs: readonly NightRun[]): Promise<string> {
  for (const { checkIn, checkOut } of runs) {
    const [row] = await db
      .select({ kind: stays.kind, reason: stays.reason, code: bookings.code, ...stayBounds })
      .from(stays)
      .leftJoin(bookings, eq(bookings.stayId, stays.id))
      .where(and(eq(stays.propertyId, propertyId), occupiesNights(), overlapsNights(checkIn, checkOut)))
      .orderBy(asc(sql`lower(${stays.nights})`))
      .limit(1);
    if (!row) continue;
    const when = `${row.checkIn} to ${row.checkOut}`;
    if (row.kind === 'reservation' && row.code) return `These nights collide with booking ${row.code} (${when}).`;
    if (row.kind === 'hold') return `These nights collide with a payment hold (${when}): a guest is paying for them.`;
    return `These nights collide with another block (${when}${row.reason ? `: ${row.reason}` : ''}).`;
  }
  return 'These nights were taken a moment ago. Please reload the calendar.';
}

/** Consecutive nights [checkIn, checkOut). */
export interface NightRun {
  checkIn: IsoDate;
  checkOut: IsoDate;
}

export interface BlockRequest {
  /** One block per run, ascending; all or none are made. */
  runs: readonly [NightRun, ...NightRun[]];
  /** A staff block's reason; an owner's block is always "Owner stay". */
  reason: string;
}

export type CreateBlockOutcome =
  | { status: 'created'; ids: [string, ...string[]] }
  | { status: 'not_found' }
  | { status: 'rejected'; message: string }
  | { status: 'conflict'; message: string };

/**
 * The one way nights are blocked (the console's calendar and PUT
 * /api/calendar/block-dates): each run of a home becomes a staff block with
 * the reason given, or for an owner (on their own homes only) an owner block
 * whose reason is always "Owner stay". All or nothing under the exclusion
 * constraint, each block audited in the same transaction.
 */
export async function createBlock(
  db: Database,
  principal: ConsolePrincipal,
  ref: string,
  { runs, reason: given }: BlockRequest,
  now: Date,
  settings: TaskSettings,
): Promise<CreateBlockOutcome> {
  const home = await findVisibleHome(db, principal, ref);
  if (!home) return { status: 'not_found' };
  const today = todayIn(await homeTimeZone(db, home.id), now);
  if (runs.some((run) => run.checkIn < today)) {
    return { status: 'rejected', message: 'Nights in the past cannot be blocked.' };
  }
  const owner = principal.role === 'owner';
  const kind = owner ? 'owner_block' : 'staff_block';
  const reason = owner ? ownerBlockReason : given;
  try {
    const ids = await retryTransaction(() =>
      db.transaction(async (tx): Promise<[string, ...string[]]> => {
        // Guests' holds on this home wait for the block, and it for them.
        await lockHomeCalendar(tx, home.id);
        const block = async ({ checkIn, checkOut }: NightRun): Promise<string> => {
          await releaseExpiredHolds(tx, home.id, checkIn, checkOut);
          const [row] = await tx
            .insert(stays)
            .values({
              propertyId: home.id,
              nights: toDateRange(checkIn, checkOut),
              kind,
              reason,
              createdBy: principal.id,
            })
            .returning({ id: stays.id });
          if (!row) throw new Error('The block was not inserted');
          await recordAudit(tx, principal, {
            action: 'block.create',
            entity: 'stay',
            entityId: row.id,
            after: { propertyId: home.propertyId, kind, checkIn, checkOut, reason },
          });
          return row.id;
        };
        const [first, ...rest] = runs;
        const made: [string, ...string[]] = [await block(first)];
        for (const run of rest) made.push(await block(run));
        // An owner's stay has its turnover tasks (issue 30); any block may move a departure's window.
        await planHomeTasks(tx, home.id, now, settings);
        return made;
      }),
    );
    return { status: 'created', ids };
  } catch (err) {
    if (!isOverlapError(err)) throw err;
    return { status: 'conflict', message: await describeCollision(db, home.id, runs) };
  }
}

export type DeleteBlockOutcome =
  | { status: 'deleted' }
  | { status: 'not_found' }
  | { status: 'forbidden'; message: string }
  | { status: 'conflict'; message: string };

/**
 * Removes a block: its row is released (kept for the record), so its nights
 * are free at once. Staff and admins remove any staff or owner block; an
 * owner only owner blocks on their homes. Reservations are cancelled, never
 * removed here; holds lapse by themselves; imported blocks follow their feed.
 */
export async function deleteBlock(
  db: Database,
  user: ConsoleUser,
  id: string,
  now: Date,
  settings: TaskSettings,
): Promise<DeleteBlockOutcome> {
  if (!isUuid(id)) return { status: 'not_found' };
  return db.transaction(async (tx): Promise<DeleteBlockOutcome> => {
    const [stay] = await tx
      .select({ id: stays.id, propertyId: stays.propertyId, kind: stays.kind, reason: stays.reason, ...stayBounds })
      .from(stays)
      .where(and(eq(stays.id, id.toLowerCase()), eq(stays.status, 'active')))
      .for('update');
    if (!stay || (user.homes !== null && !user.homes.has(stay.propertyId))) return { status: 'not_found' };
    if (stay.kind === 'reservation') {
      return { status: 'conflict', message: 'This is a reservation, not a block: cancel the reservation instead.' };
    }
    if (stay.kind === 'hold' || stay.kind === 'imported_block') {
      return {
        status: 'conflict',
        message:
          stay.kind === 'hold'
            ? 'This is a payment hold, not a block: it lapses by itself.'
            : 'This block comes from an imported calendar: change it there.',
      };
    }
    if (!removableKinds(user).includes(stay.kind)) {
      return { status: 'forbidden', message: 'Only staff can remove a staff block.' };
    }
    await tx.update(stays).set({ status: 'released' }).where(eq(stays.id, stay.id));
    await planHomeTasks(tx, stay.propertyId, now, settings);
    await recordAudit(tx, user, { action: 'block.delete', entity: 'stay', entityId: stay.id, before: stay });
    return { status: 'deleted' };
  });
}

export type CalendarOutcome = { status: 'ok'; calendar: AdminCalendar } | { status: 'not_found' };

/**
 * The taken nights of one home (its month grid) or of every home the user may
 * see (the timeline) that share a night with [from, to). Lapsed holds are
 * left out: they no longer take their nights.
 */
export async function loadCalendar(
  db: Database,
  user: ConsoleUser,
  query: AdminCalendarQuery,
): Promise<CalendarOutcome> {
  let homeIds: string[] | null = user.homes === null ? null : [...user.homes];
  if (query.propertyId) {
    const home = await findVisibleHome(db, user, query.propertyId);
    if (!home) return { status: 'not_found' };
    homeIds = [home.id];
  }
  const homeRows =
    homeIds !== null && homeIds.length === 0
      ? []
      : await db
          .select({
            id: properties.id,
            propertyId: properties.propertyId,
            name: properties.name,
            publicName: properties.publicName,
            timeZone: properties.timeZone,
          })
          .from(properties)
          .where(homeIds === null ? undefined : inArray(properties.id, homeIds))
          .orderBy(asc(properties.propertyId));
  const ids = homeRows.map((home) => home.id);
  const stayRows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: stays.id,
            propertyId: stays.propertyId,
            kind: stays.kind,
            reason: stays.reason,
            expiresAt: stays.expiresAt,
            code: bookings.code,
            firstName: bookings.firstName,
            lastName: bookings.lastName,
            ...stayBounds,
          })
          .from(stays)
          .leftJoin(bookings, eq(bookings.stayId, stays.id))
          .where(and(inArray(stays.propertyId, ids), occupiesNights(), overlapsNights(query.from, query.to)))
          .orderBy(asc(sql`lower(${stays.nights})`));
  // Feeds are staff business: owners see the blocks, not the channels' quarrels.
  const conflictRows =
    ids.length === 0 || user.role === 'owner'
      ? []
      : await db
          .select({
            propertyId: calendarFeeds.propertyId,
            feedId: calendarFeeds.id,
            feedName: calendarFeeds.name,
            channel: calendarFeeds.channel,
            uid: calendarFeedEvents.uid,
            checkIn: calendarFeedEvents.checkIn,
            checkOut: calendarFeedEvents.checkOut,
            conflictWith: calendarFeedEvents.conflictWith,
          })
          .from(calendarFeedEvents)
          .innerJoin(calendarFeeds, eq(calendarFeeds.id, calendarFeedEvents.feedId))
          .where(
            and(
              inArray(calendarFeeds.propertyId, ids),
              isNotNull(calendarFeedEvents.conflictWith),
              lt(calendarFeedEvents.checkIn, query.to),
              gt(calendarFeedEvents.checkOut, query.from),
            ),
          )
          .orderBy(asc(calendarFeedEvents.checkIn));
  const conflictsByHome = new Map<string, AdminCalendarConflict[]>();
  for (const { propertyId, conflictWith, ...conflict } of conflictRows) {
    const list = conflictsByHome.get(propertyId) ?? [];
    list.push({ ...conflict, conflictWith: conflictWith ?? '' });
    conflictsByHome.set(propertyId, list);
  }
  const removable = removableKinds(user);
  const byHome = new Map<string, AdminCalendarStay[]>(ids.map((id) => [id, []]));
  for (const row of stayRows) {
    const reservation = row.kind === 'reservation';
    byHome.get(row.propertyId)?.push({
      id: row.id,
      kind: row.kind,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      reason: row.reason,
      bookingCode: reservation ? row.code : null,
      guestName: reservation ? guestNameFor(user, row.firstName, row.lastName) : null,
      expiresAt: row.kind === 'hold' ? (row.expiresAt?.toISOString() ?? null) : null,
      removable: removable.includes(row.kind),
    });
  }
  return {
    status: 'ok',
    calendar: {
      from: query.from,
      to: query.to,
      homes: homeRows.map((home) => ({
        id: home.id,
        propertyId: home.propertyId,
        name: propertyDisplayName({ public_name: home.publicName, name: home.name }),
        timeZone: home.timeZone,
        stays: byHome.get(home.id) ?? [],
        conflicts: conflictsByHome.get(home.id) ?? [],
      })),
    },
  };
}
