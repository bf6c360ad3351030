// The review blocklist in force, read by the public pages (services/catalog.ts)
// and edited in the console (services/console/reviews.ts). Until the console
// first saves a blocklist, the terms are @sas/domain's defaults; the audit
// log tells "never saved" from "saved empty".
import { auditLog, reviewBlocklist, type Database } from '@sas/db';
import { defaultReviewBlocklist } from '@sas/domain';
import { asc, eq } from 'drizzle-orm';

/** The audit log's entity for the blocklist's changes. */
export const blocklistEntity = 'review_blocklist';

/** The blocklist in force: the table's terms once the console saved it, else the defaults. */
export async function loadReviewBlocklist(db: Pick<Database, 'select'>): Promise<string[]> {
  const rows = await db.select({ term: reviewBlocklist.term }).from(reviewBlocklist).orderBy(asc(reviewBlocklist.term));
  if (rows.length > 0) return rows.map((row) => row.term);
  const [saved] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.entity, blocklistEntity))
    .limit(1);
  return saved ? [] : [...defaultReviewBlocklist];
}
