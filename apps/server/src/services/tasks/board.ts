// The staff's side of turnover tasks (issue 30): the board (every task by day
// and home, with the filters of GET /api/admin/tasks), assigning and moving a
// task, and the maintenance tickets cleaners report. Writes take an `audit`
// callback, which the console's routes fill with their audit log, so this
// folder does not depend on the console's (the console depends on it).
import {
  bookings,
  properties,
  stays,
  taskKinds,
  taskProblems,
  tasks,
  users,
  type Database,
  type Transaction,
} from '@sas/db';
import {
  addDays,
  DomainError,
  isTaskLate,
  isUuid,
  officeTimeZone,
  propertyDisplayName,
  todayIn,
  type AdminTask,
  type AdminTaskPatch,
  type AdminTaskQuery,
  type TaskAssignee,
} from '@sas/domain';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { resolvePropertyRef } from '../property-ref.js';
import { assigneeOf, enqueueTaskNotice, type TaskSettings } from './notices.js';

/** Writes the audit entry of a change, in its transaction. */
export type TaskAudit = (
  tx: Transaction,
  entry: { action: string; entity: string; entityId: string; before?: unknown; after?: unknown },
) => Promise<void>;

/** Roles a task may be given to. */
export const assigneeRoles = ['cleaner', 'staff', 'admin'] as const;

const taskColumns = {
  task: tasks,
  kindKey: taskKinds.key,
  kindName: taskKinds.name,
  expectedMinutes: taskKinds.expectedMinutes,
  home: {
    id: properties.id,
    propertyId: properties.propertyId,
    name: properties.name,
    publicName: properties.publicName,
    timeZone: properties.timeZone,
  },
  stayKind: stays.kind,
  bookingCode: bookings.code,
  assigneeFirst: users.firstName,
  assigneeLast: users.lastName,
  assigneeEmail: users.email,
  openProblems: sql<number>`(select count(*)::int from ${taskProblems} where ${taskProblems.taskId} = ${tasks.id} and ${taskProblems.status} = 'open')`,
};

type BoardRow = {
  task: typeof tasks.$inferSelect;
  kindKey: string;
  kindName: string;
  expectedMinutes: number;
  home: { id: string; propertyId: string; name: string; publicName: string | null; timeZone: string };
  stayKind: string;
  bookingCode: string | null;
  assigneeFirst: string | null;
  assigneeLast: string | null;
  assigneeEmail: string | null;
  openProblems: number;
};

export function personName(first: string | null, last: string | null, email: string | null): string {
  const name = `${first ?? ''} ${last ?? ''}`.trim();
  return name === '' ? (email ?? '') : name;
}

function toAdminTask(row: BoardRow, now: Date): AdminTask {
  const { task } = row;
  const windowEnd = task.windowEnd.toISOString();
  return {
    id: task.id,
    kind: row.kindKey,
    propertyId: row.home.propertyId,
    ...(row.bookingCode ? { booking: row.bookingCode } : {}),
    windowStart: task.windowStart.toISOString(),
    windowEnd,
    sameDayTurnover: task.sameDayTurnover,
    status: task.status,
    ...(task.assigneeId ? { assigneeId: task.assigneeId } : {}),
    kindName: row.kindName,
    home: {
      id: row.home.id,
      name: propertyDisplayName({ public_name: row.home.publicName, name: row.home.name }),
      timeZone: row.home.timeZone,
    },
    ...(task.assigneeId ? { assigneeName: personName(row.assigneeFirst, row.assigneeLast, row.assigneeEmail) } : {}),
    expectedMinutes: row.expectedMinutes,
    late: isTaskLate({ status: task.status, windowEnd }, now),
    stayKind: row.stayKind as AdminTask['stayKind'],
    partySize: task.partySize,
    nextArrival: task.nextArrival?.toISOString() ?? null,
    openProblems: Number(row.openProblems),
  };
}

function boardQuery(db: Database | Transaction, where: SQL | undefined) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(taskKinds, eq(taskKinds.id, tasks.kindId))
    .innerJoin(properties, eq(properties.id, tasks.propertyId))
    .innerJoin(stays, eq(stays.id, tasks.stayId))
    .leftJoin(bookings, eq(bookings.id, tasks.bookingId))
    .leftJoin(users, eq(users.id, tasks.assigneeId))
    .where(where);
}

export type BoardOutcome = { status: 'ok'; tasks: AdminTask[] } | { status: 'not_found' };

/**
 * GET /api/admin/tasks: tasks whose window starts on a day in [from, to] on
 * their home's clock (today to a week on when absent), by start.
 */
export async function listBoardTasks(db: Database, query: AdminTaskQuery, now: Date): Promise<BoardOutcome> {
  const from = query.from ?? todayIn(officeTimeZone, now);
  const to = query.to ?? addDays(from, 7);
  const filters: SQL[] = [
    sql`(${tasks.windowStart} at time zone ${properties.timeZone})::date between ${from}::date and ${to}::date`,
  ];
  if (query.status) filters.push(eq(tasks.status, query.status));
  if (query.assignee === 'none') filters.push(isNull(tasks.assigneeId));
  else if (query.assignee !== undefined) {
    if (!isUuid(query.assignee)) throw new DomainError('invalid', 'assignee must be an account id or none');
    filters.push(eq(tasks.assigneeId, query.assignee.toLowerCase()));
  }
  if (query.propertyId) {
    const home = await resolvePropertyRef(db, query.propertyId);
    if (!home) return { status: 'not_found' };
    filters.push(eq(tasks.propertyId, home.id));
  }
  const rows = await boardQuery(db, and(...filters)).orderBy(asc(tasks.windowStart), asc(properties.name));
  return { status: 'ok', tasks: rows.map((row) => toAdminTask(row, now)) };
}

/** One task of the board, or null. */
export async function loadBoardTask(db: Database | Transaction, id: string, now: Date): Promise<AdminTask | null> {
  if (!isUuid(id)) return null;
  const [row] = await boardQuery(db, eq(tasks.id, id.toLowerCase()));
  return row ? toAdminTask(row, now) : null;
}

/** Cleaners, staff and admins: who may be given a task. */
export async function listAssignees(db: Database): Promise<TaskAssignee[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(inArray(users.role, [...assigneeRoles]))
    .orderBy(asc(users.role), asc(users.firstName), asc(users.email));
  return rows.map((row) => ({ id: row.id, name: personName(row.firstName, row.lastName, row.email), role: row.role }));
}

export type PatchTaskOutcome = { status: 'updated'; task: AdminTask } | { status: 'not_found' };

/**
 * PATCH /api/admin/tasks/{id}: assign (or unassign), set the status, or move
 * the window. The old assignee hears the task is no longer theirs, the new
 * one that it is; a moved window or a cancellation is told to the assignee.
 */
export async function patchTask(
  db: Database,
  id: string,
  patch: AdminTaskPatch,
  now: Date,
  settings: TaskSettings,
  audit: TaskAudit,
): Promise<PatchTaskOutcome> {
  if (!isUuid(id)) return { status: 'not_found' };
  return db.transaction(async (tx): Promise<PatchTaskOutcome> => {
    const [before] = await tx.select().from(tasks).where(eq(tasks.id, id.toLowerCase())).for('update');
    if (!before) return { status: 'not_found' };
    let assigneeId = before.assigneeId;
    if (patch.assigneeId !== undefined) {
      if (patch.assigneeId === null) assigneeId = null;
      else {
        if (!isUuid(patch.assigneeId)) throw new DomainError('invalid', 'assigneeId must be an account id');
        const [person] = await tx
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(eq(users.id, patch.assigneeId.toLowerCase()));
        if (!person || !(assigneeRoles as readonly string[]).includes(person.role)) {
          throw new DomainError('rejected', 'Tasks can be given to cleaners, staff and admins only.');
        }
        assigneeId = person.id;
      }
    }
    const windowStart = patch.windowStart ? new Date(patch.windowStart) : before.windowStart;
    const windowEnd = patch.windowEnd ? new Date(patch.windowEnd) : before.windowEnd;
    if (windowEnd < windowStart) throw new DomainError('rejected', 'The window must end after it starts.');
    const status = patch.status ?? before.status;
    const [after] = await tx
      .update(tasks)
      .set({
        assigneeId,
        windowStart,
        windowEnd,
        status,
        ...(status === 'cancelled' && before.status !== 'cancelled' ? { cancelledAt: now } : {}),
        ...(status === 'done' && before.status !== 'done' ? { finishedAt: now } : {}),
        ...(status === 'started' && !before.startedAt ? { startedAt: now } : {}),
      })
      .where(eq(tasks.id, before.id))
      .returning();
    if (!after) throw new Error('The task vanished while being changed');
    const pick = (row: typeof before) => ({
      assigneeId: row.assigneeId,
      status: row.status,
      windowStart: row.windowStart.toISOString(),
      windowEnd: row.windowEnd.toISOString(),
    });
    await audit(tx, {
      action: 'task.update',
      entity: 'task',
      entityId: before.id,
      before: pick(before),
      after: pick(after),
    });

    const live = after.status === 'open' || after.status === 'started';
    const reassigned = before.assigneeId !== after.assigneeId;
    const tell = async (userId: string | null, event: 'new' | 'moved' | 'cancelled', task: typeof after) => {
      if (!userId) return;
      const person = await assigneeOf(tx, userId);
      if (person) await enqueueTaskNotice(tx, settings, { ...task, assigneeId: userId }, event, person);
    };
    if (reassigned) {
      if (before.status === 'open' || before.status === 'started') await tell(before.assigneeId, 'cancelled', before);
      if (live) await tell(after.assigneeId, 'new', after);
    } else if (before.status !== 'cancelled' && after.status === 'cancelled') {
      await tell(after.assigneeId, 'cancelled', after);
    } else if (
      live &&
      (before.windowStart.getTime() !== after.windowStart.getTime() ||
        before.windowEnd.getTime() !== after.windowEnd.getTime())
    ) {
      await tell(after.assigneeId, 'moved', after);
    }
    const task = await loadBoardTask(tx, after.id, now);
    if (!task) throw new Error('The task vanished while being changed');
    return { status: 'updated', task };
  });
}
