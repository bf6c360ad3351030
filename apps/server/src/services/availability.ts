// Which nights of a home are taken, read from the stays table; blocks are
// written by the console's blocking (services/console/calendar.ts). A night
// is taken while an active stay covers it: a reservation, a block, or a
// payment hold that has not expired yet. An expired hold no longer takes its
// nights even before anything releases it; because the exclusion constraint
// still counts it, writers release the expired holds in their way first
// (releaseExpiredHolds).
import { stays, type Database } from '@sas/db';
import { eachNight, type IsoDate } from '@sas/domain';
import { and, eq, lte, not, sql, type Placeholder, type SQL } from 'drizzle-orm';

/** What the prepared reads run on (the database or a transaction), for a cache keyed by it. */
type Reads = Pick<Database, 'select'>;

/**
 * Stays that hold their nights right now. The database clock decides whether
 * a hold has lapsed; a hold without an expiry is kept, erring towards never
 * selling a night twice.
 */
export function occupiesNights(): SQL {
  return sql`(${stays.status} = 'active' AND (${stays.kind} <> 'hold' OR ${stays.expiresAt} IS NULL OR ${stays.expiresAt} > now()))`;
}

/** Stays sharing at least one night with [from, to). */
export function overlapsNights(from: IsoDate | Placeholder, to: IsoDate | Placeholder): SQL {
  return sql`${stays.nights} && daterange(${from}::date, ${to}::date)`;
}

// The two availability reads of every quote, calendar and search, prepared
// once per database: PostgreSQL then parses and plans each once per
// connection, and Drizzle builds its SQL once (ADR 018).

const stayBounds = {
  checkIn: sql<string>`lower(${stays.nights})::text`,
  checkOut: sql<string>`upper(${stays.nights})::text`,
};

function prepareTakenNights(db: Pick<Database, 'select'>) {
  return db
    .select(stayBounds)
    .from(stays)
    .where(
      and(
        eq(stays.propertyId, sql.placeholder('propertyId')),
        occupiesNights(),
        overlapsNights(sql.placeholder('from'), sql.placeholder('to')),
      ),
    )
    .prepare('sas_taken_nights');
}

function prepareHomesWithTakenNights(db: Pick<Database, 'select'>) {
  return db
    .select({
      propertyId: stays.propertyId,
      // The earliest a payment hold among them lapses: then the answer may change without a write.
      holdLapsesAt: sql<Date | null>`min(${stays.expiresAt}) FILTER (WHERE ${stays.kind} = 'hold')`.mapWith(
        (value: Date | string | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(stays)
    .where(and(occupiesNights(), overlapsNights(sql.placeholder('from'), sql.placeholder('to'))))
    .groupBy(stays.propertyId)
    .prepare('sas_homes_with_taken_nights');
}

/** The counter every write to stays moves (migration 0016): one row, no table scan. */
export const staysVersionSql = 'SELECT last_value::text FROM stays_version';

function prepareStaysVersion(db: Pick<Database, 'select'>) {
  return db
    .select({ version: sql<string>`last_value::text` })
    .from(sql`stays_version`)
    .prepare('sas_stays_version');
}

const preparedTakenNights = new WeakMap<Reads, ReturnType<typeof prepareTakenNights>>();
const preparedHomesWithTakenNights = new WeakMap<Reads, ReturnType<typeof prepareHomesWithTakenNights>>();
const preparedStaysVersion = new WeakMap<Reads, ReturnType<typeof prepareStaysVersion>>();

function prepared<T>(cache: WeakMap<Reads, T>, db: Reads, prepare: (db: Reads) => T): T {
  let query = cache.get(db);
  if (!query) {
    query = prepare(db);
    cache.set(db, query);
  }
  return query;
}

/**
 * Taken nights of a home inside [from, to), ascending. Stays matching
 * `ignore` count as free: a guest's own holds, which their new attempt
 * replaces. It is a condition, not a list of ids, so a hold committed by the
 * same reservation's other tab a moment ago is recognised too.
 */
export async function takenNights(
  db: Reads,
  propertyId: string,
  from: IsoDate,
  to: IsoDate,
  ignore?: SQL,
): Promise<IsoDate[]> {
  const rows = ignore
    ? await db
        .select(stayBounds)
        .from(stays)
        .where(and(eq(stays.propertyId, propertyId), occupiesNights(), overlapsNights(from, to), not(ignore)))
    : await prepared(preparedTakenNights, db, prepareTakenNights).execute({ propertyId, from, to });
  const taken = new Set<IsoDate>();
  for (const row of rows) {
    // Only the part inside the window; stays may start before or end after it.
    const start = row.checkIn > from ? row.checkIn : from;
    const end = row.checkOut < to ? row.checkOut : to;
    for (const night of eachNight(start, end)) taken.add(night);
  }
  return [...taken].sort();
}

export interface TakenHomes {
  homes: ReadonlySet<string>;
  /** When the earliest payment hold among them lapses (the answer may change then with no write); null without holds. */
  holdLapsesAt: Date | null;
}

/**
 * Homes with at least one taken night inside [from, to): one query for the
 * whole catalogue, however many homes it holds (the availability search).
 */
export async function homesWithTakenNights(db: Reads, from: IsoDate, to: IsoDate): Promise<TakenHomes> {
  const rows = await prepared(preparedHomesWithTakenNights, db, prepareHomesWithTakenNights).execute({ from, to });
  let holdLapsesAt: Date | null = null;
  for (const { holdLapsesAt: lapses } of rows) {
    if (lapses !== null && (holdLapsesAt === null || lapses < holdLapsesAt)) holdLapsesAt = lapses;
  }
  return { homes: new Set(rows.map((row) => row.propertyId)), holdLapsesAt };
}

/**
 * The stays counter: it moves with every write to stays, whoever makes it, so
 * a different value means a stay may have changed since the last read.
 */
export async function staysVersion(db: Reads): Promise<string> {
  const [row] = await prepared(preparedStaysVersion, db, prepareStaysVersion).execute();
  return row?.version ?? '';
}

/**
 * Marks lapsed holds over [from, to) released, so the exclusion constraint
 * stops counting nights nobody holds any more. Safe to repeat.
 */
export async function releaseExpiredHolds(
  db: Pick<Database, 'update'>,
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
