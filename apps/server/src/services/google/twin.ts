// The price-accuracy twin (issue 27, ADR 044): for every published home, every
// check-in of the next 330 days and every length from its minimum stay to 30
// nights, the total the ARI last sent to Google implies against what the
// quote engine charges (priceStay, the function the quote, the search and the
// payment share). All in memory: one read of the rates, one of each home's
// taken nights, then pure arithmetic (packages/domain compareTwin).
// A home never sent anything is compared with what the push would send now,
// so the check means something before GOOGLE_ARI_URL is set.
import { googleAriHomes, googleTwinRuns, queryRows, type Database, type Transaction } from '@sas/db';
import { compareTwin, type TwinMismatch } from '@sas/domain';
import { desc, isNotNull, notInArray, sql } from 'drizzle-orm';
import { enqueueEmail } from '../email/outbox.js';
import { renderEmail } from '../email/render.js';
import { loadRateSnapshot } from '../rate-tables.js';
import { readHomeNow } from './ari.js';

export interface TwinReport {
  checkedAt: Date;
  homes: number;
  itineraries: number;
  mismatches: TwinMismatch[];
  /** Homes compared with what would be sent, Google having been sent nothing for them yet. */
  unsent: string[];
}

/** Runs the twin over every published home (or the listing numbers given). */
export async function runTwin(db: Database, now: Date, only?: readonly string[]): Promise<TwinReport> {
  // One after the other: the nightly run reads inside its transaction, whose connection takes one query at a time.
  const snapshot = await loadRateSnapshot(db);
  const sentRows = await db
    .select({ propertyId: googleAriHomes.propertyId, sent: googleAriHomes.sent })
    .from(googleAriHomes);
  const sentOf = new Map(sentRows.map((row) => [row.propertyId, row.sent]));
  const homes = snapshot.homes
    .filter((home) => home.published && (!only || only.includes(home.propertyId)))
    .sort((a, b) => a.propertyId.localeCompare(b.propertyId));
  let itineraries = 0;
  const mismatches: TwinMismatch[] = [];
  const unsent: string[] = [];
  for (const home of homes) {
    const current = await readHomeNow(db, home, now);
    const sent = sentOf.get(home.id) ?? null;
    if (!sent) unsent.push(home.propertyId);
    const result = compareTwin(
      {
        propertyId: home.propertyId,
        sent: sent ?? current.snapshot,
        rates: home.rates,
        published: home.published,
        taken: current.taken,
        maxGuests: home.maxGuests,
        petsAllowed: home.petsAllowed,
      },
      current.today,
    );
    itineraries += result.itineraries;
    mismatches.push(...result.mismatches);
  }
  return { checkedAt: now, homes: homes.length, itineraries, mismatches, unsent };
}

/** Mismatches kept per run: enough to show and act on. */
const keptMismatches = 200;

export interface TwinSettings {
  companyInbox: string;
  publicUrl: string;
}

/**
 * Keeps a run, holds back the pushes of every home that disagrees (and lets
 * the others go), and e-mails the company inbox when any does, once per day.
 */
export async function recordTwin(
  tx: Transaction,
  report: TwinReport,
  settings: TwinSettings,
): Promise<{ alerted: boolean }> {
  const snapshot = await loadRateSnapshot(tx);
  const idOf = new Map(snapshot.homes.map((home) => [home.propertyId, home.id]));
  const byHome = new Map<string, TwinMismatch[]>();
  for (const mismatch of report.mismatches) {
    const list = byHome.get(mismatch.propertyId) ?? [];
    list.push(mismatch);
    byHome.set(mismatch.propertyId, list);
  }
  const blocked = [...byHome.keys()].flatMap((propertyId) => {
    const id = idOf.get(propertyId);
    return id ? [id] : [];
  });
  {
    await tx.insert(googleTwinRuns).values({
      checkedAt: report.checkedAt,
      itineraries: report.itineraries,
      mismatches: report.mismatches.length,
      details: report.mismatches.slice(0, keptMismatches),
    });
    for (const [propertyId, list] of byHome) {
      const id = idOf.get(propertyId);
      const first = list[0];
      if (!id || !first) continue;
      await tx
        .insert(googleAriHomes)
        .values({
          propertyId: id,
          blockedReason: `${list.length} stays disagree, e.g. ${first.checkIn} to ${first.checkOut}: ${first.reason}`,
        })
        .onConflictDoUpdate({
          target: googleAriHomes.propertyId,
          set: { blockedReason: sql`excluded.blocked_reason` },
        });
    }
    await tx
      .update(googleAriHomes)
      .set({ blockedReason: null })
      .where(
        blocked.length > 0 ? notInArray(googleAriHomes.propertyId, blocked) : isNotNull(googleAriHomes.blockedReason),
      );
    if (byHome.size === 0) return { alerted: false };
    const rendered = await renderEmail('google-twin-alert', {
      homes: [...byHome].map(([propertyId, list]) => ({
        propertyId,
        mismatches: list.length,
        example: `${list[0]?.checkIn} to ${list[0]?.checkOut}: ${list[0]?.reason}`,
      })),
      itineraries: report.itineraries,
      consoleUrl: `${settings.publicUrl}/admin/google`,
    });
    const result = await enqueueEmail(tx, {
      kind: 'google_twin_alert',
      to: settings.companyInbox,
      ...rendered,
      dedupeKey: `google-twin:${report.checkedAt.toISOString().slice(0, 10)}:${[...byHome.keys()].sort().join(',')}`,
    });
    return { alerted: result.queued };
  }
}

/** The last run, for the console. */
export async function lastTwinRun(db: Database) {
  const [row] = await db.select().from(googleTwinRuns).orderBy(desc(googleTwinRuns.checkedAt)).limit(1);
  return row ?? null;
}

/** Between two nightly runs. */
export const twinIntervalMs = 23 * 60 * 60_000;

/**
 * The nightly job: runs the twin and records it unless a run is less than a
 * day old. One process at a time (an advisory lock held for the run); the
 * others find the run done. Answers the report, or null when it did not run.
 */
export async function nightlyTwin(db: Database, settings: TwinSettings, now: Date): Promise<TwinReport | null> {
  const recent = async (reader: Database) => {
    const last = await lastTwinRun(reader);
    return last !== null && now.getTime() - last.checkedAt.getTime() < twinIntervalMs;
  };
  if (await recent(db)) return null;
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended('google_twin', 0)) as locked`,
    );
    if (!lock?.locked || (await recent(tx))) return null;
    const report = await runTwin(tx, now);
    await recordTwin(tx, report, settings);
    return report;
  });
}
