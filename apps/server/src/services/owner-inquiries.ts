// Owner inquiries from the Management page: the row and the e-mail to the
// company are written in one transaction (the outbox, ADR 009), so an inquiry
// is stored exactly when its e-mail is on its way, and a failure leaves
// neither. Limited per e-mail address, counted in the database so it holds
// across server processes, as the booking e-mail limit is.
import { ownerInquiries, type Database } from '@sas/db';
import type { OwnerInquiryRequest } from '@sas/domain';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { enqueueEmail } from './email/outbox.js';
import { renderEmail } from './email/render.js';

/** Inquiries one e-mail address may send in an hour; more is a script or a stuck button. */
export const maxOwnerInquiriesPerHour = 3;

export const ownerInquiryEmailKind = 'owner_inquiry';

export type OwnerInquiryOutcome = { status: 'created'; id: string } | { status: 'rate_limited' };

export async function createOwnerInquiry(
  db: Database,
  inquiry: OwnerInquiryRequest,
  companyInbox: string,
): Promise<OwnerInquiryOutcome> {
  return db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(ownerInquiries)
      .where(
        and(
          eq(sql`lower(${ownerInquiries.email})`, inquiry.email.toLowerCase()),
          gt(ownerInquiries.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.n ?? 0) >= maxOwnerInquiriesPerHour) return { status: 'rate_limited' };

    const [row] = await tx.insert(ownerInquiries).values(inquiry).returning({ id: ownerInquiries.id });
    if (!row) throw new Error('The owner inquiry was not stored');
    await enqueueEmail(tx, {
      kind: ownerInquiryEmailKind,
      to: companyInbox,
      ...(await renderEmail('owner-inquiry', { ...inquiry, id: row.id })),
      dedupeKey: `owner-inquiry:${row.id}`,
      reference: `owner-inquiry:${row.id}`,
    });
    return { status: 'created', id: row.id };
  });
}
