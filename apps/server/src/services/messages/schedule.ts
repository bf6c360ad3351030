// A booking's message timeline as rows (issue 28). The schedule is derived
// from the booking, the home's clock and the templates, and kept in step by
// syncing: at booking, on each worker run (so a change of dates or of a
// template is picked up within minutes), and when the console reads a
// booking's forecast. Each planned message is keyed booking + template +
// channel + home-time date (unique): moving a booking's dates makes new keys,
// and the old rows still scheduled are cancelled with why; a sent row is
// never touched again.
import { bookings, guestMessages, properties, type Database, type Transaction } from '@sas/db';
import {
  addDays,
  parseTimeOfDay,
  planMessages,
  type ExcludedMessage,
  type MessageHomeClock,
  type MessageTemplate,
  type PlannedMessage,
} from '@sas/domain';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { loadMessageTemplates } from './templates.js';

type Executor = Database | Transaction;

export const cancelledReasons = {
  booking: 'The booking was cancelled',
  dates: "The booking's dates changed",
} as const;

/**
 * A booking with no timeline yet (made before it existed): its messages due
 * this long ago are recorded as skipped rather than sent late.
 */
const backfillGraceMs = 24 * 3_600_000;
export const backfillReason = 'Was due before the timeline was scheduled';

/** How far back the worker looks for bookings whose messages may still be due (thank-you, offer). */
const lookBackDays = 62;

export interface MessageStayRow {
  id: string;
  code: string;
  status: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  createdAt: Date;
  timeZone: string;
  checkInTime: string | null;
  /** The number the guest opted in to texts with (E.164), or null. */
  textPhone: string | null;
}

export const stayColumns = {
  id: bookings.id,
  code: bookings.code,
  status: bookings.status,
  checkIn: bookings.checkIn,
  checkOut: bookings.checkOut,
  nights: bookings.nights,
  createdAt: bookings.createdAt,
  timeZone: properties.timeZone,
  checkInTime: properties.checkInTime,
  textPhone: bookings.textPhone,
};

export function homeClockOf(stay: Pick<MessageStayRow, 'timeZone' | 'checkInTime'>): MessageHomeClock {
  return { timeZone: stay.timeZone, checkInTime: parseTimeOfDay(stay.checkInTime) };
}

export function dedupeKeyOf(bookingId: string, message: Pick<PlannedMessage, 'template' | 'channel' | 'date'>): string {
  return `booking:${bookingId}:${message.template}:${message.channel}:${message.date}`;
}

export function planStay(
  stay: MessageStayRow,
  templates: readonly MessageTemplate[],
): { planned: PlannedMessage[]; excluded: ExcludedMessage[] } {
  return planMessages(stay, templates, homeClockOf(stay), { texts: stay.textPhone !== null });
}

export interface SyncOptions {
  now: Date;
  /** Only these bookings; else every booking whose messages may still be due. */
  bookingIds?: readonly string[];
  /** At booking: every message is new, and a late one is caught up rather than recorded as skipped. */
  atBooking?: boolean;
}

/** Brings the stored timeline in step with the bookings; returns how many rows changed. */
export async function syncMessageSchedules(
  db: Executor,
  { now, bookingIds, atBooking = false }: SyncOptions,
): Promise<number> {
  if (bookingIds?.length === 0) return 0;
  const templates = await loadMessageTemplates(db);
  const since = addDays(now.toISOString().slice(0, 10), -lookBackDays);
  const stays: MessageStayRow[] = await db
    .select(stayColumns)
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      bookingIds
        ? inArray(bookings.id, [...bookingIds])
        : and(eq(bookings.status, 'confirmed'), gte(bookings.checkOut, since)),
    );
  let changed = 0;
  // Cancelled bookings: nothing of theirs goes any more.
  const cancelledIds = stays.filter((s) => s.status !== 'confirmed').map((s) => s.id);
  changed += await cancelScheduledMessages(db, bookingIds ? cancelledIds : null, cancelledReasons.booking, now);
  const live = stays.filter((s) => s.status === 'confirmed');
  if (live.length === 0) return changed;
  const existing = await db
    .select()
    .from(guestMessages)
    .where(
      inArray(
        guestMessages.bookingId,
        live.map((s) => s.id),
      ),
    );
  const byKey = new Map(existing.map((row) => [row.dedupeKey, row]));
  const scheduledBefore = new Set(existing.map((row) => row.bookingId));
  const inserts: (typeof guestMessages.$inferInsert)[] = [];
  for (const stay of live) {
    const { planned, excluded } = planStay(stay, templates);
    const keys = new Set<string>();
    for (const message of planned) {
      const key = dedupeKeyOf(stay.id, message);
      keys.add(key);
      const row = byKey.get(key);
      if (!row) {
        // A booking never scheduled before (made before the timeline existed) is not sent what is long past.
        const stale =
          !atBooking && !scheduledBefore.has(stay.id) && message.dueAt.getTime() < now.getTime() - backfillGraceMs;
        inserts.push({
          bookingId: stay.id,
          template: message.template,
          channel: message.channel,
          date: message.date,
          dedupeKey: key,
          dueAt: message.dueAt,
          lateAfter: message.lateAfter,
          status: stale ? 'skipped' : 'scheduled',
          reason: stale ? backfillReason : null,
          createdAt: now,
          updatedAt: now,
        });
        continue;
      }
      const moved =
        row.dueAt.getTime() !== message.dueAt.getTime() || row.lateAfter.getTime() !== message.lateAfter.getTime();
      // A row cancelled by a change that was undone (dates back, template on again) is scheduled again.
      if ((row.status === 'scheduled' && moved) || row.status === 'cancelled') {
        await db
          .update(guestMessages)
          .set({
            status: 'scheduled',
            reason: null,
            dueAt: message.dueAt,
            lateAfter: message.lateAfter,
            updatedAt: now,
          })
          .where(and(eq(guestMessages.id, row.id), inArray(guestMessages.status, ['scheduled', 'cancelled'])));
        changed += 1;
      }
    }
    for (const row of existing) {
      if (row.bookingId !== stay.id || row.status !== 'scheduled' || keys.has(row.dedupeKey)) continue;
      const why =
        excluded.find((e) => e.template === row.template && e.date === row.date)?.reason ?? cancelledReasons.dates;
      await db
        .update(guestMessages)
        .set({ status: 'cancelled', reason: why, updatedAt: now })
        .where(and(eq(guestMessages.id, row.id), eq(guestMessages.status, 'scheduled')));
      changed += 1;
    }
  }
  if (inserts.length > 0) {
    const rows = await db
      .insert(guestMessages)
      .values(inserts)
      .onConflictDoNothing({ target: guestMessages.dedupeKey })
      .returning({ id: guestMessages.id });
    changed += rows.length;
  }
  return changed;
}

/**
 * Cancels the scheduled messages of `bookingIds` (null: of every cancelled
 * booking); the cancellation calls it in its own transaction.
 */
export async function cancelScheduledMessages(
  db: Executor,
  bookingIds: readonly string[] | null,
  reason: string,
  now: Date,
): Promise<number> {
  if (bookingIds?.length === 0) return 0;
  const which = bookingIds
    ? inArray(guestMessages.bookingId, [...bookingIds])
    : inArray(
        guestMessages.bookingId,
        db
          .select({ id: bookings.id })
          .from(bookings)
          .where(sql`${bookings.status} <> 'confirmed'`),
      );
  const rows = await db
    .update(guestMessages)
    .set({ status: 'cancelled', reason, updatedAt: now })
    .where(and(eq(guestMessages.status, 'scheduled'), which))
    .returning({ id: guestMessages.id });
  return rows.length;
}
