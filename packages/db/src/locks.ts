// Serialising the writers of one home's calendar. Two transactions inserting
// overlapping stays each wait on the other's uncommitted row under the
// exclusion constraint, and with dozens of guests racing for one home
// PostgreSQL keeps aborting some of them as deadlocks. Taking this lock first
// makes the writers of a home run one after another (other homes are not
// held up), so the later one simply meets the earlier one's committed stay.
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/** Anything that can run a statement: the database or an open transaction. */
type Executor = Pick<Database, 'execute'>;

/**
 * Takes the transaction-scoped lock on `propertyId`'s calendar, waiting for
 * any other transaction holding it; released at commit or rollback. Call it
 * inside the transaction, before the first write to the home's stays.
 */
export async function lockHomeCalendar(tx: Executor, propertyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stays:${propertyId}`}, 0))`);
}
