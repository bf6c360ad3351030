// Pushing prices and availability to Google (issue 27, ADR 044).
//
// The queue is the table google_ari_changes, written by the database's own
// triggers in the transaction of every write that may move a price or a
// night (migration google_vacation_rentals), so no writer can forget it and
// a change is queued exactly when it commits. The worker (plugins/google.ts,
// every few seconds and poked by the cache bus) takes each home with due
// rows and, holding that home's row of google_ari_homes FOR UPDATE SKIP
// LOCKED, so that one process sends a home's messages and the next batch
// waits for the last:
//   1. reads the due rows, then the home's rates and taken nights (a change
//      read here was committed before the data is read, so the data has it);
//   2. builds what Google should hold and diffs it with what it was last
//      sent (kept in the row), so a batch says only the dates that changed;
//   3. posts the messages in order, each with its TimeStamp; on success the
//      row keeps the new snapshot and the rows read are deleted; on failure
//      nothing moves and the home waits with a growing delay.
// Once a day each home gets a full refresh. With GOOGLE_ARI_URL unset
// nothing is sent, and due rows are dropped (the first push after it is set
// is a full one, the home having nothing sent).
import { googleAriChanges, googleAriHomes, properties, type Database, type Transaction } from '@sas/db';
import {
  addDays,
  ariDaysAhead,
  ariMessages,
  buildAriSnapshot,
  compareTwin,
  todayIn,
  type AriMessage,
  type AriSnapshot,
} from '@sas/domain';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { takenNights } from '../availability.js';
import { loadRateSnapshot, type RatedHome } from '../rate-tables.js';

export interface AriSettings {
  /** GOOGLE_ARI_URL; unset: nothing is sent. */
  url: string | undefined;
  /** GOOGLE_PARTNER_KEY. */
  partnerKey: string | undefined;
  /** Per POST. */
  timeoutMs?: number;
}

/** Waits after the n-th failure in a row (the last repeats). */
export const ariRetryDelaysSeconds = [15, 60, 300, 900, 3_600] as const;
export const fullRefreshMs = 24 * 60 * 60_000;

export function ariRetryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), ariRetryDelaysSeconds.length) - 1;
  return (ariRetryDelaysSeconds[index] ?? 3_600) * 1000;
}

export type PushOutcome = 'sent' | 'unchanged' | 'failed' | 'blocked' | 'busy' | 'waiting' | 'nothing';

export interface PushReport {
  homes: number;
  outcomes: Record<string, PushOutcome>;
}

async function post(settings: AriSettings & { url: string }, message: AriMessage): Promise<void> {
  const response = await fetch(settings.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      ...(settings.partnerKey ? { authorization: `Bearer ${settings.partnerKey}` } : {}),
    },
    body: message.body,
    signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${message.type}: HTTP ${response.status} ${text.slice(0, 200)}`);
  // Google answers 200 with <Errors> in the body when it refuses a message.
  if (/<Errors?[\s>]/.test(text)) throw new Error(`${message.type}: refused: ${text.slice(0, 300)}`);
}

/** How long a held-back home waits before the push worker looks whether it agrees again. */
const recheckMs = 10 * 60_000;

/**
 * Queues a look, in ten minutes, at every home the twin held back that has no
 * change waiting: it goes out again as soon as what it would send agrees with
 * the quote engine (a rate fixed, a gap filled), not only at the next night.
 */
export async function queueRechecks(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${googleAriChanges} (property_id, source, due_at)
    SELECT h.property_id, 'recheck', ${new Date(now.getTime() + recheckMs)}
    FROM ${googleAriHomes} h
    WHERE h.blocked_reason IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ${googleAriChanges} c WHERE c.property_id = h.property_id)`);
}

/** Queues a full refresh for every home whose last one is older than a day (or never was), once. */
export async function queueNightlyRefresh(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - fullRefreshMs);
  await db.execute(sql`
    INSERT INTO ${googleAriChanges} (property_id, source, due_at)
    SELECT p.id, 'nightly', ${now}
    FROM ${properties} p
    LEFT JOIN ${googleAriHomes} h ON h.property_id = p.id
    WHERE (h.full_sent_at IS NULL OR h.full_sent_at < ${before})
      AND NOT EXISTS (SELECT 1 FROM ${googleAriChanges} c WHERE c.property_id = p.id AND c.source = 'nightly')`);
}

export interface HomeNow {
  today: string;
  taken: ReadonlySet<string>;
  /** What Google should hold about the home now. */
  snapshot: AriSnapshot;
}

/** The home's taken nights and what Google should hold, read inside `tx`. */
export async function readHomeNow(tx: Pick<Database, 'select'>, home: RatedHome, now: Date): Promise<HomeNow> {
  const today = todayIn(home.timeZone, now);
  // One night past the window, so a stay ending on its last day sees whether the next night is taken.
  const taken = new Set(await takenNights(tx, home.id, addDays(today, -1), addDays(today, ariDaysAhead + 1)));
  const snapshot = buildAriSnapshot({
    rates: home.rates,
    published: home.published,
    today,
    taken,
    maxGuests: home.maxGuests,
  });
  return { today, taken, snapshot };
}

async function pushHome(
  db: Database,
  settings: AriSettings & { url: string },
  home: RatedHome,
  now: Date,
): Promise<PushOutcome> {
  await db.insert(googleAriHomes).values({ propertyId: home.id }).onConflictDoNothing();
  return db.transaction(async (tx: Transaction) => {
    // The home's send lock: another process sending this home skips it.
    const [state] = await tx
      .select()
      .from(googleAriHomes)
      .where(eq(googleAriHomes.propertyId, home.id))
      .for('update', { skipLocked: true });
    if (!state) return 'busy';
    if (state.nextAttemptAt && state.nextAttemptAt > now) return 'waiting';
    const due = await tx
      .select({ id: googleAriChanges.id, source: googleAriChanges.source })
      .from(googleAriChanges)
      .where(and(eq(googleAriChanges.propertyId, home.id), lte(googleAriChanges.dueAt, now)));
    if (due.length === 0) return 'nothing';
    const full = state.sent === null || due.some((change) => change.source === 'nightly');
    const { today, taken, snapshot: next } = await readHomeNow(tx, home, now);

    if (state.blockedReason) {
      // The twin found Google's prices wrong: only a push the twin agrees with goes out.
      const twin = compareTwin(
        {
          propertyId: home.propertyId,
          sent: next,
          rates: home.rates,
          published: home.published,
          taken,
          maxGuests: home.maxGuests,
          petsAllowed: home.petsAllowed,
        },
        today,
      );
      const first = twin.mismatches[0];
      if (first) {
        await tx
          .update(googleAriHomes)
          .set({
            lastError: `Held back: ${twin.mismatches.length} itineraries would still disagree (${first.checkIn} to ${first.checkOut}: ${first.reason})`,
            lastErrorAt: now,
          })
          .where(eq(googleAriHomes.propertyId, home.id));
        // The push that lifts the hold sends everything (below), so these
        // changes are in it; the hold is looked at again later (queueRechecks).
        await tx.delete(googleAriChanges).where(
          inArray(
            googleAriChanges.id,
            due.map((change) => change.id),
          ),
        );
        return 'blocked';
      }
    }

    const messages = ariMessages(
      { hotelCode: home.propertyId, partner: settings.partnerKey ?? '', timestamp: now, batchId: randomUUID() },
      full || state.blockedReason ? null : state.sent,
      next,
    );
    try {
      for (const message of messages) await post(settings, message);
    } catch (err) {
      const attempts = state.attempts + 1;
      await tx
        .update(googleAriHomes)
        .set({
          attempts,
          nextAttemptAt: new Date(now.getTime() + ariRetryDelayMs(attempts)),
          lastError: err instanceof Error ? err.message : String(err),
          lastErrorAt: now,
        })
        .where(eq(googleAriHomes.propertyId, home.id));
      return 'failed';
    }
    await tx
      .update(googleAriHomes)
      .set({
        sent: next,
        sentAt: messages.length > 0 ? now : state.sentAt,
        ...(full ? { fullSentAt: now } : {}),
        attempts: 0,
        nextAttemptAt: null,
        lastError: null,
        blockedReason: null,
      })
      .where(eq(googleAriHomes.propertyId, home.id));
    await tx.delete(googleAriChanges).where(
      inArray(
        googleAriChanges.id,
        due.map((change) => change.id),
      ),
    );
    return messages.length > 0 ? 'sent' : 'unchanged';
  });
}

/** One run of the push worker: every home with due changes, one batch each. */
export async function pushDueHomes(db: Database, settings: AriSettings, now: Date): Promise<PushReport> {
  const { url } = settings;
  if (!url) {
    // Nothing is sent; the queue must not grow for ever meanwhile.
    await db.delete(googleAriChanges).where(lte(googleAriChanges.dueAt, now));
    return { homes: 0, outcomes: {} };
  }
  await queueNightlyRefresh(db, now);
  await queueRechecks(db, now);
  const dueHomes = await db
    .selectDistinct({ propertyId: googleAriChanges.propertyId })
    .from(googleAriChanges)
    .leftJoin(googleAriHomes, eq(googleAriHomes.propertyId, googleAriChanges.propertyId))
    .where(
      and(
        lte(googleAriChanges.dueAt, now),
        or(isNull(googleAriHomes.nextAttemptAt), lte(googleAriHomes.nextAttemptAt, now)),
      ),
    );
  if (dueHomes.length === 0) return { homes: 0, outcomes: {} };
  const snapshot = await loadRateSnapshot(db);
  const byId = new Map(snapshot.homes.map((home) => [home.id, home]));
  const outcomes: Record<string, PushOutcome> = {};
  for (const { propertyId } of dueHomes) {
    const home = byId.get(propertyId);
    if (!home) continue;
    outcomes[home.propertyId] = await pushHome(db, { ...settings, url }, home, now);
  }
  return { homes: dueHomes.length, outcomes };
}
