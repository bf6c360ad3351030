// Owner inquiries in the console (issue 14 section 6): the Management page's
// inquiries, newest first, with the status and notes staff keep on them.
import { ownerInquiries, type Database } from '@sas/db';
import type { AdminInquiry, InquiryStatus } from '@sas/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from './audit.js';

type InquiryRow = typeof ownerInquiries.$inferSelect;

function toAdminInquiry(row: InquiryRow): AdminInquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    propertyLocation: row.propertyLocation,
    bedrooms: row.bedrooms,
    message: row.message,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInquiries(
  db: Pick<Database, 'select'>,
  { status }: { status?: InquiryStatus | undefined } = {},
): Promise<AdminInquiry[]> {
  const rows = await db
    .select()
    .from(ownerInquiries)
    .where(status === undefined ? undefined : eq(ownerInquiries.status, status))
    .orderBy(desc(ownerInquiries.createdAt), desc(ownerInquiries.id));
  return rows.map(toAdminInquiry);
}

/** PATCH /api/admin/inquiries/{id}; null when there is no such inquiry. */
export async function updateInquiry(
  db: Database,
  actor: AuditActor,
  id: string,
  change: { status?: InquiryStatus | undefined; notes?: string | undefined },
): Promise<AdminInquiry | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(ownerInquiries).where(eq(ownerInquiries.id, id)).for('update');
    if (!before) return null;
    const [after] = await tx
      .update(ownerInquiries)
      .set({
        ...(change.status === undefined ? {} : { status: change.status }),
        ...(change.notes === undefined ? {} : { notes: change.notes }),
      })
      .where(sql`${ownerInquiries.id} = ${id}`)
      .returning();
    if (!after) return null;
    await recordAudit(tx, actor, {
      action: 'inquiry.update',
      entity: 'inquiry',
      entityId: id,
      before: { status: before.status, notes: before.notes },
      after: { status: after.status, notes: after.notes },
    });
    return toAdminInquiry(after);
  });
}
