// Planning a home's turnover tasks from its stays (issue 30, ADR 043). Every
// writer of a home's stays (a booking confirmed or cancelled, an owner stay
// set or removed, an imported calendar synced) calls planHomeTasks in its own
// transaction, after its writes and under the home's calendar lock, so the
// tasks change exactly when the stays do. Planning is idempotent: it compares
// what the home's stays ask for with the tasks there are and only writes the
// difference (one task per stay and kind, a unique index besides), so running
// it twice, or from two writers, plans each task once.
import {
  bookings,
  lockHomeCalendar,
  properties,
  stays,
  taskKinds,
  tasks,
  users,
  type Database,
  type Queryable,
  type StayKind,
  type TaskChecklistState,
  type Transaction,
} from '@sas/db';
import {
  addDays,
  defaultCheckInTime,
  defaultCheckOutTime,
  defaultTaskKinds,
  hasHotTubAmenity,
  parseTimeOfDay,
  taskWindow,
  todayIn,
  type HomeClock,
  type PlannedStay,
} from '@sas/domain';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { enqueueTaskNotice, type TaskSettings } from './notices.js';

export type { TaskSettings };

/** The stays that cause work: a booking, an owner's own stay, a stay sold on another channel. */
export const taskStayKinds = ['reservation', 'owner_block', 'imported_block'] as const satisfies readonly StayKind[];

export type KindRow = typeof taskKinds.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

export interface PlanResult {
  created: number;
  moved: number;
  cancelled: number;
}

/** The home's kinds of task, the defaults written on first use. */
export async function ensureTaskKinds(tx: Transaction | Database, propertyId: string): Promise<KindRow[]> {
  const existing = await tx
    .select()
    .from(taskKinds)
    .where(eq(taskKinds.propertyId, propertyId))
    .orderBy(asc(taskKinds.position));
  if (existing.length > 0) return existing;
  const [home] = await tx
    .select({ amenities: properties.amenities })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!home) return [];
  await tx
    .insert(taskKinds)
    .values(
      defaultTaskKinds(hasHotTubAmenity(home.amenities)).map((kind, position) => ({ ...kind, propertyId, position })),
    )
    .onConflictDoNothing();
  return tx.select().from(taskKinds).where(eq(taskKinds.propertyId, propertyId)).orderBy(asc(taskKinds.position));
}

export async function homeClock(tx: Queryable, propertyId: string): Promise<HomeClock | null> {
  const [home] = await tx
    .select({ timeZone: properties.timeZone, checkInTime: properties.checkInTime })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!home) return null;
  return {
    timeZone: home.timeZone,
    checkInTime: parseTimeOfDay(home.checkInTime) ?? defaultCheckInTime,
    checkOutTime: defaultCheckOutTime,
  };
}

function checklistOf(kind: KindRow): TaskChecklistState[] {
  return kind.checklist.map(({ item, requiresPhoto }) => ({ item, requiresPhoto, done: false }));
}

/**
 * Brings the home's tasks in line with its stays, in the caller's transaction
 * (which should hold the home's calendar lock): creates the tasks of new
 * stays, moves those whose window changed, cancels those whose stay was
 * released or whose kind was switched off, and queues the e-mail to each
 * assignee concerned. Stays that left before yesterday are not looked at:
 * their tasks are history.
 */
export async function planHomeTasks(
  tx: Transaction,
  propertyId: string,
  now: Date,
  settings: TaskSettings,
): Promise<PlanResult> {
  const result: PlanResult = { created: 0, moved: 0, cancelled: 0 };
  // Writers hold it already (taking it again in one transaction is free); it makes planners of a home take turns.
  await lockHomeCalendar(tx, propertyId);
  const clock = await homeClock(tx, propertyId);
  if (!clock) return result;
  const kinds = await ensureTaskKinds(tx, propertyId);
  const since = addDays(todayIn(clock.timeZone, now), -1);
  const rows = await tx
    .select({
      id: stays.id,
      kind: stays.kind,
      checkIn: sql<string>`lower(${stays.nights})::text`,
      checkOut: sql<string>`upper(${stays.nights})::text`,
    })
    .from(stays)
    .where(
      and(
        eq(stays.propertyId, propertyId),
        eq(stays.status, 'active'),
        inArray(stays.kind, [...taskStayKinds]),
        sql`upper(${stays.nights}) >= ${since}::date`,
      ),
    );
  const planned: PlannedStay[] = rows.map(({ id, checkIn, checkOut }) => ({ id, checkIn, checkOut }));
  const stayIds = rows.map((row) => row.id);
  const booked =
    stayIds.length === 0
      ? []
      : await tx
          .select({
            id: bookings.id,
            stayId: bookings.stayId,
            party: sql<number>`${bookings.adults} + ${bookings.children} + ${bookings.infants}`,
          })
          .from(bookings)
          .where(and(inArray(bookings.stayId, stayIds), eq(bookings.status, 'confirmed')));
  const bookingOf = new Map(booked.map((row) => [row.stayId, row]));

  const existing = await tx
    .select({ task: tasks, stayStatus: stays.status })
    .from(tasks)
    .innerJoin(stays, eq(stays.id, tasks.stayId))
    .where(
      and(
        eq(tasks.propertyId, propertyId),
        or(
          inArray(tasks.status, ['open', 'started']),
          stayIds.length > 0 ? inArray(tasks.stayId, stayIds) : sql`false`,
        ),
      ),
    )
    .for('update', { of: tasks });
  const byKey = new Map(existing.map((row) => [`${row.task.stayId}|${row.task.kindId}`, row]));
  const activeKinds = kinds.filter((kind) => kind.active);
  const wanted = new Set<string>();

  for (const stay of planned) {
    const booking = bookingOf.get(stay.id);
    for (const kind of activeKinds) {
      const key = `${stay.id}|${kind.id}`;
      wanted.add(key);
      const window = taskWindow(kind.timing, stay, planned, clock);
      const found = byKey.get(key);
      if (!found) {
        // A task whose window has already closed is not news to anyone.
        if (window.end.getTime() < now.getTime()) continue;
        const [task] = await tx
          .insert(tasks)
          .values({
            propertyId,
            kindId: kind.id,
            stayId: stay.id,
            bookingId: booking?.id ?? null,
            windowStart: window.start,
            windowEnd: window.end,
            plannedStart: window.start,
            plannedEnd: window.end,
            sameDayTurnover: window.sameDayTurnover,
            nextArrival: window.nextArrival,
            partySize: booking ? Number(booking.party) : null,
            assigneeId: kind.defaultAssigneeId,
            checklist: checklistOf(kind),
          })
          .onConflictDoNothing()
          .returning();
        if (!task) continue;
        result.created += 1;
        await notify(tx, task, 'new', settings);
        continue;
      }
      const task = found.task;
      if (task.status !== 'open' && task.status !== 'started') continue;
      const movedStart = task.plannedStart.getTime() !== window.start.getTime();
      const movedEnd = task.plannedEnd.getTime() !== window.end.getTime();
      const flags =
        task.sameDayTurnover !== window.sameDayTurnover ||
        (task.nextArrival?.getTime() ?? null) !== (window.nextArrival?.getTime() ?? null);
      if (!movedStart && !movedEnd && !flags) continue;
      const [updated] = await tx
        .update(tasks)
        .set({
          plannedStart: window.start,
          plannedEnd: window.end,
          // Staff may have set another window: a move of the stay replaces it, a window that stayed keeps it.
          ...(movedStart || movedEnd ? { windowStart: window.start, windowEnd: window.end } : {}),
          sameDayTurnover: window.sameDayTurnover,
          nextArrival: window.nextArrival,
        })
        .where(eq(tasks.id, task.id))
        .returning();
      if (!updated || (!movedStart && !movedEnd)) continue;
      result.moved += 1;
      // A later end (the next guests booked further out) gives more time: not worth a message.
      if (movedStart || window.end.getTime() < task.windowEnd.getTime()) await notify(tx, updated, 'moved', settings);
    }
  }

  for (const { task, stayStatus } of existing) {
    if (task.status !== 'open' && task.status !== 'started') continue;
    const key = `${task.stayId}|${task.kindId}`;
    if (wanted.has(key)) continue;
    const kindActive = activeKinds.some((kind) => kind.id === task.kindId);
    // A stay still active but older than the planning horizon keeps its task as it is.
    if (stayStatus === 'active' && kindActive) continue;
    const [cancelled] = await tx
      .update(tasks)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(eq(tasks.id, task.id))
      .returning();
    if (!cancelled) continue;
    result.cancelled += 1;
    await notify(tx, cancelled, 'cancelled', settings);
  }
  return result;
}

async function notify(
  tx: Transaction,
  task: TaskRow,
  event: 'new' | 'moved' | 'cancelled',
  settings: TaskSettings,
): Promise<void> {
  if (!task.assigneeId) return;
  const [assignee] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, task.assigneeId));
  if (!assignee) return;
  await enqueueTaskNotice(tx, settings, task, event, assignee);
}
