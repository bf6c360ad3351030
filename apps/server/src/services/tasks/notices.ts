// The e-mails of turnover tasks (issue 30): the assignee hears of a task new
// to them, moved or cancelled, through the outbox in the transaction that
// changed it; staff hear of the next day's unassigned tasks at 15:00 home time.
import { properties, taskKinds, tasks, users, type Database, type Queryable, type Transaction } from '@sas/db';
import {
  addDays,
  cleanerTasksPath,
  formatDateWithWeekday,
  propertyDisplayName,
  todayIn,
  unassignedAlertHour,
} from '@sas/domain';
import { and, asc, eq, gte, isNull, lt, inArray } from 'drizzle-orm';
import { enqueueEmail } from '../email/outbox.js';
import { renderEmail } from '../email/render.js';
import { formatHomeInstant } from '../email/schedule-emails.js';

export interface TaskSettings {
  /** The site's address, for the links in the e-mails. */
  publicUrl: string;
}

type TaskRow = typeof tasks.$inferSelect;

export async function enqueueTaskNotice(
  tx: Transaction,
  settings: TaskSettings,
  task: TaskRow,
  event: 'new' | 'moved' | 'cancelled',
  assignee: { email: string; firstName: string },
): Promise<void> {
  const [about] = await tx
    .select({
      kindName: taskKinds.name,
      name: properties.name,
      publicName: properties.publicName,
      address: properties.address,
      timeZone: properties.timeZone,
    })
    .from(taskKinds)
    .innerJoin(properties, eq(properties.id, taskKinds.propertyId))
    .where(eq(taskKinds.id, task.kindId));
  if (!about) return;
  const rendered = await renderEmail('task-notice', {
    event,
    firstName: assignee.firstName || null,
    task: {
      kindName: about.kindName,
      home: { name: propertyDisplayName({ public_name: about.publicName, name: about.name }), address: about.address },
      from: formatHomeInstant(task.windowStart, about.timeZone),
      until: formatHomeInstant(task.windowEnd, about.timeZone),
      sameDayTurnover: task.sameDayTurnover,
    },
    tasksUrl: `${settings.publicUrl}${cleanerTasksPath}`,
  });
  const when = event === 'cancelled' ? '' : `:${task.windowStart.toISOString()}:${task.windowEnd.toISOString()}`;
  await enqueueEmail(tx, {
    kind: `task_${event}`,
    to: assignee.email,
    ...rendered,
    dedupeKey: `task:${task.id}:${event}:${task.assigneeId ?? ''}${when}`,
    reference: `task:${task.id}`,
  });
}

/**
 * The 15:00 alert: for each time zone where it is 15:00 or later, the next
 * day's open tasks nobody is assigned to, in one e-mail to staff (the company
 * inbox), once per zone and day. Answers how many e-mails were queued.
 */
export async function alertUnassignedTasks(
  db: Database,
  to: string | undefined,
  settings: TaskSettings,
  now: Date,
): Promise<number> {
  if (!to) return 0;
  const zones = await db.selectDistinct({ timeZone: properties.timeZone }).from(properties);
  let queued = 0;
  for (const { timeZone } of zones) {
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
    if (hour < unassignedAlertHour) continue;
    const tomorrow = addDays(todayIn(timeZone, now), 1);
    const rows = await db
      .select({
        home: properties.name,
        publicName: properties.publicName,
        kindName: taskKinds.name,
        windowStart: tasks.windowStart,
        sameDayTurnover: tasks.sameDayTurnover,
        timeZone: properties.timeZone,
      })
      .from(tasks)
      .innerJoin(properties, eq(properties.id, tasks.propertyId))
      .innerJoin(taskKinds, eq(taskKinds.id, tasks.kindId))
      .where(
        and(
          eq(properties.timeZone, timeZone),
          isNull(tasks.assigneeId),
          inArray(tasks.status, ['open']),
          // The next day on the zone's clock; instants bound it loosely, the date check below exactly.
          gte(tasks.windowStart, new Date(now.getTime() - 86_400_000)),
          lt(tasks.windowStart, new Date(now.getTime() + 3 * 86_400_000)),
        ),
      )
      .orderBy(asc(tasks.windowStart));
    const due = rows.filter((row) => todayIn(timeZone, row.windowStart) === tomorrow);
    if (due.length === 0) continue;
    const rendered = await renderEmail('tasks-unassigned', {
      day: formatDateWithWeekday(tomorrow),
      tasks: due.map((row) => ({
        home: propertyDisplayName({ public_name: row.publicName, name: row.home }),
        kindName: row.kindName,
        from: formatHomeInstant(row.windowStart, row.timeZone),
        sameDayTurnover: row.sameDayTurnover,
      })),
      boardUrl: `${settings.publicUrl}/admin/tasks?from=${tomorrow}`,
    });
    const result = await enqueueEmail(db, {
      kind: 'tasks_unassigned',
      to,
      ...rendered,
      dedupeKey: `tasks-unassigned:${timeZone}:${tomorrow}`,
    });
    if (result.queued) queued += 1;
  }
  return queued;
}

/** The assignee's e-mail and first name, for a notice. */
export async function assigneeOf(db: Queryable, userId: string): Promise<{ email: string; firstName: string } | null> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
