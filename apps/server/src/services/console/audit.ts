// The audit log (DESIGN.md): every console write records who did it, when,
// and the record before and after, in the same transaction as the write, so
// a change and its trace are committed or lost together.
import { auditLog, type Database } from '@sas/db';
import type { ConsoleUser } from './access.js';

type Writer = Pick<Database, 'insert'>;

export interface AuditEntry {
  /** What was done, `entity.verb`: property.update, rates.replace, block.create, reservation.cancel. */
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy (dates as ISO strings, no undefined), as the jsonb columns store it. */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** Who made a change: a console user, or (id null) the users command, named by its e-mail field. */
export type AuditActor = Pick<ConsoleUser, 'email'> & { id: string | null };

export async function recordAudit(db: Writer, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}
