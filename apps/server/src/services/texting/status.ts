// What became of a text after its provider took it (issue 28): Twilio's
// status callback reports each step (queued, sent, delivered, undelivered,
// failed), not necessarily in order. A final word (delivered or bounced) is
// never replaced by a step on the way that arrives after it.
import { guestMessages, type Database } from '@sas/db';
import { and, eq, or, isNull, notInArray } from 'drizzle-orm';
import type { TextStatusReport } from './provider.js';

/** Records the report on the text it is about; false when no text has that provider id. */
export async function recordTextStatus(db: Database, report: TextStatusReport, now: Date): Promise<boolean> {
  const known = await db
    .select({ id: guestMessages.id })
    .from(guestMessages)
    .where(eq(guestMessages.providerMessageId, report.id));
  if (known.length === 0) return false;
  const final = report.delivery !== 'accepted';
  await db
    .update(guestMessages)
    .set({ delivery: report.delivery, deliveryDetail: report.detail.slice(0, 1_000), updatedAt: now })
    .where(
      and(
        eq(guestMessages.providerMessageId, report.id),
        final
          ? undefined
          : or(isNull(guestMessages.delivery), notInArray(guestMessages.delivery, ['delivered', 'bounced'])),
      ),
    );
  return true;
}
