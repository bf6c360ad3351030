// A cleaner's side of turnover tasks (issue 30): their own tasks only (another
// person's task is not found, as if it did not exist), with where and when
// and for how many, never who the guests are. Starting, finishing against the
// checklist (a required photo missing refuses it), photos checked by content
// like a home's (the route renders them with the console's uploader), and
// problems: damage, shown on the reservation for a deposit capture, or
// maintenance, a ticket staff close.
import {
  mediaFiles,
  properties,
  taskKinds,
  taskPhotos,
  taskProblems,
  tasks,
  type Database,
  type Transaction,
} from '@sas/db';
import {
  DomainError,
  isUuid,
  photoUrl,
  propertyDisplayName,
  taskPhotoMissingMessage,
  type FinishTaskRequest,
  type MyTask,
  type TaskPhoto,
  type TaskProblemRequest,
} from '@sas/domain';
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';

/** At most this many photos on one task. */
export const maxTaskPhotos = 40;

export interface TaskWorker {
  id: string;
}

type TaskRow = typeof tasks.$inferSelect;

export function toTaskPhoto({ id, key }: { id: string; key: string }): TaskPhoto {
  return { id, url: photoUrl(key, 1600, 'webp'), thumbnailUrl: photoUrl(key, 480, 'webp') };
}

function myTaskQuery(db: Database | Transaction) {
  return db
    .select({
      task: tasks,
      kindKey: taskKinds.key,
      kindName: taskKinds.name,
      expectedMinutes: taskKinds.expectedMinutes,
      home: {
        name: properties.name,
        publicName: properties.publicName,
        address: properties.address,
        city: properties.city,
        timeZone: properties.timeZone,
        accessNotes: properties.arrivalInstructions,
      },
    })
    .from(tasks)
    .innerJoin(taskKinds, eq(taskKinds.id, tasks.kindId))
    .innerJoin(properties, eq(properties.id, tasks.propertyId));
}

type MyRow = Awaited<ReturnType<ReturnType<typeof myTaskQuery>['where']>>[number];

async function photosOf(db: Database | Transaction, taskIds: string[]): Promise<Map<string, TaskPhoto[]>> {
  const byTask = new Map<string, TaskPhoto[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select({ id: taskPhotos.id, key: taskPhotos.key, taskId: taskPhotos.taskId })
    .from(taskPhotos)
    .where(inArray(taskPhotos.taskId, taskIds))
    .orderBy(asc(taskPhotos.createdAt));
  for (const row of rows) byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), toTaskPhoto(row)]);
  return byTask;
}

function toMyTask(row: MyRow, photos: TaskPhoto[]): MyTask {
  const { task } = row;
  return {
    id: task.id,
    kind: row.kindKey,
    kindName: row.kindName,
    status: task.status,
    windowStart: task.windowStart.toISOString(),
    windowEnd: task.windowEnd.toISOString(),
    sameDayTurnover: task.sameDayTurnover,
    expectedMinutes: row.expectedMinutes,
    home: {
      name: propertyDisplayName({ public_name: row.home.publicName, name: row.home.name }),
      address: row.home.address,
      city: row.home.city,
      timeZone: row.home.timeZone,
      accessNotes: row.home.accessNotes,
    },
    partySize: task.partySize,
    nextArrival: task.nextArrival?.toISOString() ?? null,
    checklist: task.checklist.map(({ item, requiresPhoto, done, photoId }) => ({
      item,
      requiresPhoto,
      done,
      ...(photoId ? { photoId } : {}),
    })),
    photos,
  };
}

/** GET /api/me/tasks: today's (from a day ago) and upcoming tasks given to this person, not cancelled ones. */
export async function listMyTasks(db: Database, worker: TaskWorker, now: Date): Promise<MyTask[]> {
  const rows = await myTaskQuery(db)
    .where(
      and(
        eq(tasks.assigneeId, worker.id),
        ne(tasks.status, 'cancelled'),
        gte(tasks.windowEnd, new Date(now.getTime() - 86_400_000)),
      ),
    )
    .orderBy(asc(tasks.windowStart));
  const photos = await photosOf(
    db,
    rows.map((row) => row.task.id),
  );
  return rows.map((row) => toMyTask(row, photos.get(row.task.id) ?? []));
}

/** One of this person's tasks, or null (someone else's task is null too). */
export async function loadMyTask(db: Database | Transaction, worker: TaskWorker, id: string): Promise<MyTask | null> {
  if (!isUuid(id)) return null;
  const [row] = await myTaskQuery(db).where(and(eq(tasks.id, id.toLowerCase()), eq(tasks.assigneeId, worker.id)));
  if (!row) return null;
  const photos = await photosOf(db, [row.task.id]);
  return toMyTask(row, photos.get(row.task.id) ?? []);
}

/** The task's row locked, if it is this person's. */
async function lockMine(tx: Transaction, worker: TaskWorker, id: string): Promise<TaskRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id.toLowerCase()), eq(tasks.assigneeId, worker.id)))
    .for('update');
  return row ?? null;
}

function refuseClosed(task: TaskRow): void {
  if (task.status === 'cancelled') throw new DomainError('conflict', 'This task was cancelled.');
  if (task.status === 'done') throw new DomainError('conflict', 'This task is already finished.');
}

export type MyTaskOutcome = { status: 'ok'; task: MyTask } | { status: 'not_found' };

/** POST /api/me/tasks/{id}/start. Starting a started task again changes nothing. */
export async function startMyTask(db: Database, worker: TaskWorker, id: string, now: Date): Promise<MyTaskOutcome> {
  return db.transaction(async (tx): Promise<MyTaskOutcome> => {
    const task = await lockMine(tx, worker, id);
    if (!task) return { status: 'not_found' };
    refuseClosed(task);
    if (task.status === 'open')
      await tx.update(tasks).set({ status: 'started', startedAt: now }).where(eq(tasks.id, task.id));
    const mine = await loadMyTask(tx, worker, task.id);
    return mine ? { status: 'ok', task: mine } : { status: 'not_found' };
  });
}

/**
 * POST /api/me/tasks/{id}/finish: the checklist as ticked, by item. Every item
 * that requires a photo must name a photo of this task, or nothing changes
 * (rejected, listing them). Unknown items are refused too.
 */
export async function finishMyTask(
  db: Database,
  worker: TaskWorker,
  id: string,
  body: FinishTaskRequest,
  now: Date,
): Promise<MyTaskOutcome> {
  return db.transaction(async (tx): Promise<MyTaskOutcome> => {
    const task = await lockMine(tx, worker, id);
    if (!task) return { status: 'not_found' };
    refuseClosed(task);
    const known = new Set(task.checklist.map((line) => line.item));
    const unknown = body.checklist.filter((line) => !known.has(line.item)).map((line) => line.item);
    if (unknown.length > 0) {
      throw new DomainError('rejected', `This task's checklist has no item: ${unknown.join('; ')}.`);
    }
    const photoIds = new Set(
      (await tx.select({ id: taskPhotos.id }).from(taskPhotos).where(eq(taskPhotos.taskId, task.id))).map(
        (row) => row.id,
      ),
    );
    const given = new Map(body.checklist.map((line) => [line.item, line]));
    for (const line of body.checklist) {
      if (line.photoId !== undefined && !photoIds.has(line.photoId.toLowerCase())) {
        throw new DomainError('rejected', `The photo for "${line.item}" is not one of this task's photos.`);
      }
    }
    const checklist = task.checklist.map((line) => {
      const ticked = given.get(line.item);
      const photoId = ticked?.photoId?.toLowerCase();
      return {
        item: line.item,
        requiresPhoto: line.requiresPhoto,
        done: ticked?.done ?? false,
        ...(photoId ? { photoId } : {}),
      };
    });
    const missing = checklist.filter((line) => line.requiresPhoto && !line.photoId).map((line) => line.item);
    if (missing.length > 0) throw new DomainError('rejected', taskPhotoMissingMessage(missing));
    await tx
      .update(tasks)
      .set({ status: 'done', checklist, finishedAt: now, startedAt: task.startedAt ?? now })
      .where(eq(tasks.id, task.id));
    const mine = await loadMyTask(tx, worker, task.id);
    return mine ? { status: 'ok', task: mine } : { status: 'not_found' };
  });
}

/** Before reading an upload: the task is this person's, not closed, and how many more photos it takes. */
export async function myTaskPhotoQuota(
  db: Database,
  worker: TaskWorker,
  id: string,
): Promise<{ remaining: number; message: string } | null> {
  if (!isUuid(id)) return null;
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id.toLowerCase()), eq(tasks.assigneeId, worker.id)));
  if (!task) return null;
  if (task.status === 'cancelled') throw new DomainError('conflict', 'This task was cancelled.');
  const has = (await db.select({ id: taskPhotos.id }).from(taskPhotos).where(eq(taskPhotos.taskId, task.id))).length;
  return {
    remaining: Math.max(0, maxTaskPhotos - has),
    message: `A task keeps at most ${maxTaskPhotos} photos, and this one has ${has}.`,
  };
}

export interface StoredUpload {
  key: string;
  rows: (typeof mediaFiles.$inferInsert)[];
}

export type AddPhotosOutcome = { status: 'ok'; photos: TaskPhoto[] } | { status: 'not_found' };

/** POST /api/me/tasks/{id}/photos: stores checked, rendered uploads as the task's photos. */
export async function addMyTaskPhotos(
  db: Database,
  worker: TaskWorker,
  id: string,
  uploads: readonly StoredUpload[],
): Promise<AddPhotosOutcome> {
  return db.transaction(async (tx): Promise<AddPhotosOutcome> => {
    const task = await lockMine(tx, worker, id);
    if (!task) return { status: 'not_found' };
    if (task.status === 'cancelled') throw new DomainError('conflict', 'This task was cancelled.');
    const has = (await tx.select({ id: taskPhotos.id }).from(taskPhotos).where(eq(taskPhotos.taskId, task.id))).length;
    if (has + uploads.length > maxTaskPhotos) {
      throw new DomainError('rejected', `A task keeps at most ${maxTaskPhotos} photos, and this one has ${has}.`);
    }
    const photos: TaskPhoto[] = [];
    for (const upload of uploads) {
      await tx.insert(mediaFiles).values(upload.rows);
      const [row] = await tx
        .insert(taskPhotos)
        .values({ taskId: task.id, key: upload.key, uploadedBy: worker.id })
        .returning({ id: taskPhotos.id, key: taskPhotos.key });
      if (!row) throw new Error('The photo was not inserted');
      photos.push(toTaskPhoto(row));
    }
    return { status: 'ok', photos };
  });
}

export type ReportOutcome = { status: 'reported'; id: string } | { status: 'not_found' };

/**
 * POST /api/me/tasks/{id}/problems. Damage found at a departure is charged to
 * the departing booking (it shows on that reservation for a deposit capture);
 * damage found otherwise, and maintenance, stay with the home.
 */
export async function reportProblem(
  db: Database,
  worker: TaskWorker,
  id: string,
  body: TaskProblemRequest,
): Promise<ReportOutcome> {
  return db.transaction(async (tx): Promise<ReportOutcome> => {
    const task = await lockMine(tx, worker, id);
    if (!task) return { status: 'not_found' };
    const photoIds = (body.photoIds ?? []).map((photoId) => photoId.toLowerCase());
    if (photoIds.length > 0) {
      const found = await tx
        .select({ id: taskPhotos.id })
        .from(taskPhotos)
        .where(and(eq(taskPhotos.taskId, task.id), inArray(taskPhotos.id, photoIds.filter(isUuid))));
      if (found.length !== new Set(photoIds).size) {
        throw new DomainError('rejected', "Attach only this task's photos: add them to the task first.");
      }
    }
    const [kind] = await tx.select({ timing: taskKinds.timing }).from(taskKinds).where(eq(taskKinds.id, task.kindId));
    const [row] = await tx
      .insert(taskProblems)
      .values({
        taskId: task.id,
        propertyId: task.propertyId,
        bookingId: body.kind === 'damage' && kind?.timing === 'departure' ? task.bookingId : null,
        kind: body.kind,
        note: body.note,
        photoIds,
        reportedBy: worker.id,
      })
      .returning({ id: taskProblems.id });
    if (!row) throw new Error('The problem was not inserted');
    return { status: 'reported', id: row.id };
  });
}
