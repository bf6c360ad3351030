// A home's kinds of task (issue 30): the defaults, and the ones staff add; a
// kind's checklist, expected duration and default assignee. A change is
// planned at once: a kind switched off cancels its open tasks, a new one
// plans its tasks for the home's coming stays.
import { lockHomeCalendar, taskKinds, users, type Database, type Transaction } from '@sas/db';
import { DomainError, isUuid, slugify, type TaskKind, type TaskKindCreate, type TaskKindPatch } from '@sas/domain';
import { eq } from 'drizzle-orm';
import { resolvePropertyRef } from '../property-ref.js';
import { assigneeRoles, type TaskAudit } from './board.js';
import { ensureTaskKinds, planHomeTasks, type KindRow } from './plan.js';
import type { TaskSettings } from './notices.js';

function toTaskKind(row: KindRow): TaskKind {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    timing: row.timing,
    checklist: row.checklist,
    expectedMinutes: row.expectedMinutes,
    defaultAssigneeId: row.defaultAssigneeId,
    active: row.active,
  };
}

export async function listTaskKinds(db: Database, ref: string): Promise<TaskKind[] | null> {
  const home = await resolvePropertyRef(db, ref);
  if (!home) return null;
  return db.transaction(async (tx) => (await ensureTaskKinds(tx, home.id)).map(toTaskKind));
}

async function checkAssignee(tx: Transaction, id: string | null | undefined): Promise<string | null | undefined> {
  if (id === undefined || id === null) return id;
  if (!isUuid(id)) throw new DomainError('invalid', 'defaultAssigneeId must be an account id');
  const [person] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, id.toLowerCase()));
  if (!person || !(assigneeRoles as readonly string[]).includes(person.role)) {
    throw new DomainError('rejected', 'Tasks can be given to cleaners, staff and admins only.');
  }
  return person.id;
}

export async function createTaskKind(
  db: Database,
  body: TaskKindCreate,
  now: Date,
  settings: TaskSettings,
  audit: TaskAudit,
): Promise<TaskKind | null> {
  const home = await resolvePropertyRef(db, body.propertyId);
  if (!home) return null;
  return db.transaction(async (tx) => {
    await lockHomeCalendar(tx, home.id);
    const kinds = await ensureTaskKinds(tx, home.id);
    const key = slugify(body.name).replace(/-/g, '_') || 'task';
    if (kinds.some((kind) => kind.key === key)) {
      throw new DomainError('conflict', `This home already has a kind of task named "${body.name}".`);
    }
    const [row] = await tx
      .insert(taskKinds)
      .values({
        propertyId: home.id,
        key,
        name: body.name,
        timing: body.timing,
        checklist: body.checklist,
        expectedMinutes: body.expectedMinutes,
        defaultAssigneeId: (await checkAssignee(tx, body.defaultAssigneeId)) ?? null,
        position: kinds.length,
      })
      .returning();
    if (!row) throw new Error('The kind was not inserted');
    await audit(tx, { action: 'task_kind.create', entity: 'task_kind', entityId: row.id, after: toTaskKind(row) });
    await planHomeTasks(tx, home.id, now, settings);
    return toTaskKind(row);
  });
}

export async function updateTaskKind(
  db: Database,
  id: string,
  patch: TaskKindPatch,
  now: Date,
  settings: TaskSettings,
  audit: TaskAudit,
): Promise<TaskKind | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ propertyId: taskKinds.propertyId })
      .from(taskKinds)
      .where(eq(taskKinds.id, id.toLowerCase()));
    if (!found) return null;
    await lockHomeCalendar(tx, found.propertyId);
    const [before] = await tx.select().from(taskKinds).where(eq(taskKinds.id, id.toLowerCase())).for('update');
    if (!before) return null;
    const defaultAssigneeId = await checkAssignee(tx, patch.defaultAssigneeId);
    const [after] = await tx
      .update(taskKinds)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.checklist !== undefined ? { checklist: patch.checklist } : {}),
        ...(patch.expectedMinutes !== undefined ? { expectedMinutes: patch.expectedMinutes } : {}),
        ...(defaultAssigneeId !== undefined ? { defaultAssigneeId } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
      })
      .where(eq(taskKinds.id, before.id))
      .returning();
    if (!after) throw new Error('The kind vanished while being changed');
    await audit(tx, {
      action: 'task_kind.update',
      entity: 'task_kind',
      entityId: before.id,
      before: toTaskKind(before),
      after: toTaskKind(after),
    });
    await planHomeTasks(tx, before.propertyId, now, settings);
    return toTaskKind(after);
  });
}
