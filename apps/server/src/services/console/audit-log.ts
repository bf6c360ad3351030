// Reading the audit log (issue 14 section 8, admins only): newest first, by
// entity, paged back with the last entry seen (entries of one transaction
// share their time, so the order of writing breaks the tie) or with a time.
import { auditLog, type Database } from '@sas/db';
import type { AuditEntryView, AuditQuery } from '@sas/domain';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listAuditEntries(db: Pick<Database, 'select'>, query: AuditQuery): Promise<AuditEntryView[]> {
  const conditions: SQL[] = [];
  if (query.entity !== undefined) conditions.push(eq(auditLog.entity, query.entity));
  if (query.before !== undefined) {
    conditions.push(
      uuidPattern.test(query.before)
        ? sql`(${auditLog.at}, ${auditLog.seq}) < (SELECT at, seq FROM audit_log WHERE id = ${query.before})`
        : sql`${auditLog.at} < ${query.before}::timestamptz`,
    );
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length === 0 ? undefined : and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.seq))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
  }));
}
