// Problems cleaners report (issue 30): staff follow maintenance tickets to
// closure; damage shows on its reservation; owners see their homes' open
// tickets and completed cleanings.
import {
  bookings,
  properties,
  taskKinds,
  taskPhotos,
  taskProblems,
  tasks,
  type Database,
  type Queryable,
} from '@sas/db';
import { isUuid, propertyDisplayName, type OwnerTaskSummary, type TaskProblem } from '@sas/domain';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TaskAudit } from './board.js';
import { toTaskPhoto } from './mine.js';

/** Who is asking: an owner's homes, or null for staff and admins (every home). */
export interface ProblemViewer {
  homes: ReadonlySet<string> | null;
}

async function problemsWhere(db: Queryable, where: SQL | undefined): Promise<TaskProblem[]> {
  const rows = await db
    .select({
      problem: taskProblems,
      home: { id: properties.id, name: properties.name, publicName: properties.publicName },
      booking: bookings.code,
      taskKind: taskKinds.name,
    })
    .from(taskProblems)
    .innerJoin(properties, eq(properties.id, taskProblems.propertyId))
    .innerJoin(tasks, eq(tasks.id, taskProblems.taskId))
    .innerJoin(taskKinds, eq(taskKinds.id, tasks.kindId))
    .leftJoin(bookings, eq(bookings.id, taskProblems.bookingId))
    .where(where)
    .orderBy(desc(taskProblems.createdAt));
  const ids = [...new Set(rows.flatMap((row) => row.problem.photoIds))];
  const photos =
    ids.length === 0
      ? []
      : await db.select({ id: taskPhotos.id, key: taskPhotos.key }).from(taskPhotos).where(inArray(taskPhotos.id, ids));
  const photoById = new Map(photos.map((photo) => [photo.id, toTaskPhoto(photo)]));
  return rows.map(({ problem, home, booking, taskKind }) => ({
    id: problem.id,
    kind: problem.kind,
    note: problem.note,
    status: problem.status,
    home: { id: home.id, name: propertyDisplayName({ public_name: home.publicName, name: home.name }) },
    booking,
    taskKind,
    photos: problem.photoIds.flatMap((id) => photoById.get(id) ?? []),
    reportedAt: problem.createdAt.toISOString(),
    closedAt: problem.closedAt?.toISOString() ?? null,
  }));
}

function homesFilter(viewer: ProblemViewer): SQL | undefined {
  if (viewer.homes === null) return undefined;
  return inArray(
    taskProblems.propertyId,
    viewer.homes.size === 0 ? ['00000000-0000-0000-0000-000000000000'] : [...viewer.homes],
  );
}

/** The problems of the homes the viewer sees, open ones or all. */
export async function listProblems(
  db: Database,
  viewer: ProblemViewer,
  { status, kind }: { status?: 'open' | 'closed' | undefined; kind?: 'damage' | 'maintenance' | undefined },
): Promise<TaskProblem[]> {
  const filters = [homesFilter(viewer)];
  if (status) filters.push(eq(taskProblems.status, status));
  if (kind) filters.push(eq(taskProblems.kind, kind));
  return problemsWhere(db, and(...filters.filter((f): f is SQL => f !== undefined)));
}

/** Damage reported against a booking, for its reservation page. */
export async function damageOfBooking(db: Queryable, bookingId: string): Promise<TaskProblem[]> {
  return problemsWhere(db, and(eq(taskProblems.bookingId, bookingId), eq(taskProblems.kind, 'damage')));
}

export type CloseOutcome = { status: 'closed'; problem: TaskProblem } | { status: 'not_found' };

/** Closes a ticket (staff); closing a closed one changes nothing. */
export async function closeProblem(
  db: Database,
  actor: { id: string | null },
  id: string,
  now: Date,
  audit: TaskAudit,
): Promise<CloseOutcome> {
  if (!isUuid(id)) return { status: 'not_found' };
  return db.transaction(async (tx): Promise<CloseOutcome> => {
    const [row] = await tx.select().from(taskProblems).where(eq(taskProblems.id, id.toLowerCase())).for('update');
    if (!row) return { status: 'not_found' };
    if (row.status === 'open') {
      await tx
        .update(taskProblems)
        .set({ status: 'closed', closedAt: now, closedBy: actor.id })
        .where(eq(taskProblems.id, row.id));
      await audit(tx, {
        action: 'task_problem.close',
        entity: 'task_problem',
        entityId: row.id,
        before: { status: 'open' },
        after: { status: 'closed' },
      });
    }
    const [problem] = await problemsWhere(tx, eq(taskProblems.id, row.id));
    if (!problem) throw new Error('The problem vanished while being closed');
    return { status: 'closed', problem };
  });
}

/** An owner's homes' (or every home's) completed cleanings, newest first, and open maintenance tickets. */
export async function ownerTaskSummary(db: Database, viewer: ProblemViewer, limit = 50): Promise<OwnerTaskSummary> {
  const homes = viewer.homes === null ? undefined : [...viewer.homes];
  const cleanings =
    homes?.length === 0
      ? []
      : await db
          .select({
            id: tasks.id,
            home: properties.name,
            publicName: properties.publicName,
            kindName: taskKinds.name,
            finishedAt: tasks.finishedAt,
          })
          .from(tasks)
          .innerJoin(properties, eq(properties.id, tasks.propertyId))
          .innerJoin(taskKinds, eq(taskKinds.id, tasks.kindId))
          .where(and(eq(tasks.status, 'done'), homes ? inArray(tasks.propertyId, homes) : undefined))
          .orderBy(desc(tasks.finishedAt), asc(properties.name))
          .limit(limit);
  return {
    cleanings: cleanings.map((row) => ({
      id: row.id,
      home: propertyDisplayName({ public_name: row.publicName, name: row.home }),
      kindName: row.kindName,
      finishedAt: (row.finishedAt ?? new Date(0)).toISOString(),
    })),
    maintenance: await listProblems(db, viewer, { status: 'open', kind: 'maintenance' }),
  };
}

/** A departure clean done in a month, with the cleaning fee its booking paid (null for an owner's or imported stay). */
export interface ChargedCleaning {
  propertyId: string;
  date: string;
  kindName: string;
  booking: string | null;
  feesCents: number | null;
}

/**
 * The departure cleans finished in [from, to) (home's calendar) at these
 * homes, for the owner's statement: what was cleaned and the fee charged.
 */
export async function cleaningsDone(
  db: Queryable,
  homeIds: readonly string[],
  from: string,
  to: string,
): Promise<ChargedCleaning[]> {
  if (homeIds.length === 0) return [];
  const day = sql<string>`((${tasks.finishedAt} at time zone ${properties.timeZone})::date)::text`;
  return db
    .select({
      propertyId: tasks.propertyId,
      date: day,
      kindName: taskKinds.name,
      booking: bookings.code,
      feesCents: bookings.feesCents,
    })
    .from(tasks)
    .innerJoin(taskKinds, eq(taskKinds.id, tasks.kindId))
    .innerJoin(properties, eq(properties.id, tasks.propertyId))
    .leftJoin(bookings, eq(bookings.id, tasks.bookingId))
    .where(
      and(
        inArray(tasks.propertyId, [...homeIds]),
        eq(tasks.status, 'done'),
        eq(taskKinds.key, 'departure_clean'),
        sql`${day}::date >= ${from}::date and ${day}::date < ${to}::date`,
      ),
    )
    .orderBy(asc(tasks.finishedAt));
}
