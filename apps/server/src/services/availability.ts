// Which nights of a home are taken, read from the stays table, and staff
// blocks written into it. A night is taken while an active stay covers it:
// a reservation, an owner block, or a payment hold that has not expired yet.
// An expired hold no longer takes its nights even before anything releases
// it; because the exclusion constraint still counts it, writers release the
// expired holds in their way first (releaseExpiredHolds).
import { isOverlapError, lockHomeCalendar, properties, retryTransaction, stays, toDateRange, type Database } from '@sas/db';
import {
  contiguousRuns,
  datesNoLongerAvailableMessage,
  eachNight,
  todayIn,
  type IsoDate,
  type PropertyRef,
} from '@sas/domain';
import { and, eq, lte, notInArray, sql, type SQL } from 'drizzle-orm';

/** What decides whether a home can take a party. */
export interface BookableHome {
  id: string;
  timeZone: string;
  maxGuests: number;
  petsAllowed: boolean;
}

/** A home by UUID or slug; null when there is none. */
export async function findBookableHome(db: Database, ref: PropertyRef): Promise<BookableHome | null> {
  if (ref.kind === 'slug' && ref.slug === '') return null;
  const [row] = await db
    .select({
      id: properties.id,
      timeZone: properties.timeZone,
      maxGuests: properties.maxGuests,
      petsAllowed: properties.petsAllowed,
    })
    .from(properties)
    .where(ref.kind === 'uuid' ? eq(properties.id, ref.id) : eq(properties.slug, ref.slug))
    .limit(1);
  return row ?? null;
}

/** A Drizzle transaction or the database itself: both run queries. */
type Queryable = Pick<Database, 'select' | 'update' | 'insert'>;

/**
 * Stays that hold their nights right now. The database clock decides whether
 * a hold has lapsed; a hold without an expiry is kept, erring towards never
 * selling a night twice.
 */
export function occupiesNights(): SQL {
  return sql`(${stays.status} = 'active' AND (${stays.kind} <> 'hold' OR ${stays.expiresAt} IS NULL OR ${stays.expiresAt} > now()))`;
}

/** Stays sharing at least one night with [from, to). */
export function overlapsNights(from: IsoDate, to: IsoDate): SQL {
  return sql`${stays.nights} && daterange(${from}::date, ${to}::date)`;
}

/**
 * Taken nights of a home inside [from, to), ascending. `ignoreStayIds` are
 * counted as free: a guest's own hold, which their new attempt replaces.
 */
export async function takenNights(
  db: Queryable,
  propertyId: string,
  from: IsoDate,
  to: IsoDate,
  ignoreStayIds: readonly string[] = [],
): Promise<IsoDate[]> {
  const conditions = [eq(stays.propertyId, propertyId), occupiesNights(), overlapsNights(from, to)];
  if (ignoreStayIds.length > 0) conditions.push(notInArray(stays.id, [...ignoreStayIds]));
  const rows = await db
    .select({
      checkIn: sql<string>`lower(${stays.nights})::text`,
      checkOut: sql<string>`upper(${stays.nights})::text`,
    })
    .from(stays)
    .where(and(...conditions));
  const taken = new Set<IsoDate>();
  for (const row of rows) {
    // Only the part inside the window; stays may start before or end after it.
    const start = row.checkIn > from ? row.checkIn : from;
    const end = row.checkOut < to ? row.checkOut : to;
    for (const night of eachNight(start, end)) taken.add(night);
  }
  return [...taken].sort();
}

/**
 * Marks lapsed holds over [from, to) released, so the exclusion constraint
 * stops counting nights nobody holds any more. Safe to repeat.
 */
export async function releaseExpiredHolds(
  db: Queryable,
  propertyId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<void> {
  await db
    .update(stays)
    .set({ status: 'released' })
    .where(
      and(
        eq(stays.propertyId, propertyId),
        eq(stays.kind, 'hold'),
        eq(stays.status, 'active'),
        lte(stays.expiresAt, sql`now()`),
        overlapsNights(from, to),
      ),
    );
}

export type BlockDatesOutcome =
  | { status: 'ok' }
  | { status: 'not_found' }
  | { status: 'rejected'; message: string }
  | { status: 'unavailable'; message: string };

/**
 * Blocks the given nights of a home as owner blocks, one stay per run of
 * consecutive nights, all or nothing: when any night is already taken the
 * database refuses the overlapping row and the transaction inserts none.
 */
export async function blockDates(
  db: Database,
  ref: PropertyRef,
  dates: readonly IsoDate[],
  reason: string,
  now: Date = new Date(),
): Promise<BlockDatesOutcome> {
  const home = await findBookableHome(db, ref);
  if (!home) return { status: 'not_found' };
  const runs = contiguousRuns(dates);
  const first = runs[0];
  if (first && first.checkIn < todayIn(home.timeZone, now)) {
    return { status: 'rejected', message: 'Dates in the past cannot be blocked.' };
  }
  try {
    // Guests' holds on this home wait for the block, and it for them.
    await retryTransaction(() =>
      db.transaction(async (tx) => {
        await lockHomeCalendar(tx, home.id);
        for (const run of runs) await releaseExpiredHolds(tx, home.id, run.checkIn, run.checkOut);
        await tx.insert(stays).values(
          runs.map((run) => ({
            propertyId: home.id,
            nights: toDateRange(run.checkIn, run.checkOut),
            kind: 'owner_block' as const,
            reason,
          })),
        );
      }),
    );
  } catch (err) {
    if (isOverlapError(err)) return { status: 'unavailable', message: datesNoLongerAvailableMessage };
    throw err;
  }
  return { status: 'ok' };
}
