// Recognising the database's refusal of a double booking, whichever driver
// raised it. Drizzle wraps driver errors (DrizzleQueryError) with the
// original as `cause`, so the chain is walked.

/** Name of the exclusion constraint on stays (migration 0001). */
export const stayOverlapConstraint = 'stays_no_overlap';

/** SQLSTATE exclusion_violation. */
const exclusionViolation = '23P01';

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** True when `err` (or an error it wraps) is an active stay overlapping another of the same home. */
export function isOverlapError(err: unknown): boolean {
  for (let e = err, depth = 0; e !== undefined && e !== null && depth < 5; e = field(e, 'cause'), depth++) {
    if (field(e, 'code') === exclusionViolation) {
      const constraint = field(e, 'constraint');
      return constraint === undefined || constraint === stayOverlapConstraint;
    }
  }
  return false;
}

/** SQLSTATE unique_violation. */
const uniqueViolation = '23505';

/** True when `err` (or an error it wraps) broke a unique constraint, this one when named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err, depth = 0; e !== undefined && e !== null && depth < 5; e = field(e, 'cause'), depth++) {
    if (field(e, 'code') === uniqueViolation) {
      return constraint === undefined || field(e, 'constraint') === constraint;
    }
  }
  return false;
}

/**
 * SQLSTATEs after which the same transaction, run again, may well succeed:
 * deadlock_detected and serialization_failure. Two guests inserting
 * conflicting holds can each wait on the other's uncommitted row under the
 * exclusion constraint; PostgreSQL then aborts one as a deadlock instead of
 * reporting the overlap. Run again, it sees the winner's committed row.
 */
const retryableCodes = new Set(['40P01', '40001']);

/** True when `err` (or an error it wraps) means "run the transaction again". */
export function isRetryableTransactionError(err: unknown): boolean {
  for (let e = err, depth = 0; e !== undefined && e !== null && depth < 5; e = field(e, 'cause'), depth++) {
    const code = field(e, 'code');
    if (typeof code === 'string' && retryableCodes.has(code)) return true;
  }
  return false;
}

/**
 * Runs `transaction` again (up to `attempts` times in all) when the database
 * aborted it as a deadlock or serialization failure; any other error, or the
 * last attempt's, is thrown as is.
 */
export async function retryTransaction<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (err) {
      if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
    }
  }
}
