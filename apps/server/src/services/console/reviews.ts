// Review moderation (issue 14 section 7): staff hide or show a review and
// edit the blocklist's terms; the public pages (services/catalog.ts) read the
// same terms (services/review-blocklist.ts). Until the console first saves a
// blocklist, the terms are @sas/domain's defaults (SPEC.md's seven ids and
// name): seeding the table would not reach data directories made before it,
// and re-seeding on start would bring back terms staff removed. The audit log
// tells the two apart.
// Both tables NOTIFY on writes (ADR 018), so every process's caches follow.
import { properties, reviewBlocklist, reviews, type Database, type Queryable } from '@sas/db';
import { propertyDisplayName, reviewHiddenReason, type AdminReview } from '@sas/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { blocklistEntity, loadReviewBlocklist } from '../review-blocklist.js';
import { recordAudit, type AuditActor } from './audit.js';

/** Terms once each, whatever their case, in the order given. */
function distinctTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const term = raw.trim();
    const key = term.toLowerCase();
    if (term === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}

/** PUT /api/admin/review-blocklist: the whole list replaced, audited, in one transaction. */
export async function replaceReviewBlocklist(
  db: Database,
  actor: AuditActor,
  terms: readonly string[],
): Promise<string[]> {
  const next = distinctTerms(terms);
  await db.transaction(async (tx) => {
    const before = await loadReviewBlocklist(tx);
    await tx.delete(reviewBlocklist);
    if (next.length > 0) await tx.insert(reviewBlocklist).values(next.map((term) => ({ term })));
    await recordAudit(tx, actor, {
      action: 'review_blocklist.replace',
      entity: blocklistEntity,
      entityId: 'review_blocklist',
      before: { terms: before },
      after: { terms: next },
    });
  });
  return loadReviewBlocklist(db);
}

const reviewColumns = {
  id: reviews.id,
  propertyId: reviews.propertyId,
  propertyListingId: properties.propertyId,
  name: properties.name,
  publicName: properties.publicName,
  guestName: reviews.guestName,
  platform: reviews.platform,
  rating: reviews.rating,
  reviewText: reviews.reviewText,
  reviewedAtDate: reviews.reviewedAtDate,
  hidden: reviews.hidden,
  source: reviews.source,
  status: reviews.status,
  reply: reviews.reply,
  stayedOn: reviews.stayedOn,
  ratings: reviews.ratings,
};

interface ReviewViewRow {
  id: string;
  propertyId: string;
  propertyListingId: string;
  name: string;
  publicName: string | null;
  guestName: string | null;
  platform: string;
  rating: number;
  reviewText: string;
  reviewedAtDate: string | null;
  hidden: boolean;
  source: 'imported' | 'guest';
  status: 'pending' | 'published' | 'hidden';
  reply: string | null;
  stayedOn: string | null;
  ratings: Record<string, number> | null;
}

function toAdminReview(row: ReviewViewRow, terms: readonly string[]): AdminReview {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyListingId: row.propertyListingId,
    propertyName: propertyDisplayName({ public_name: row.publicName, name: row.name }),
    guestName: row.guestName,
    platform: row.platform,
    rating: row.rating,
    reviewText: row.reviewText,
    reviewedAtDate: row.reviewedAtDate,
    hidden: row.hidden,
    hiddenReason: reviewHiddenReason(row, terms),
    source: row.source,
    status: row.status,
    reply: row.reply,
    stayedOn: row.stayedOn,
    ratings: row.ratings,
  };
}

/** Every review (of one home, by UUID, when given; of one status, when given), hidden ones included, by home then id. */
export async function listAdminReviews(
  db: Queryable,
  propertyUuid?: string,
  status?: 'pending' | 'published' | 'hidden',
): Promise<AdminReview[]> {
  const [rows, terms] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(properties, eq(properties.id, reviews.propertyId))
      .where(
        and(
          propertyUuid === undefined ? undefined : eq(reviews.propertyId, propertyUuid),
          status === undefined ? undefined : eq(reviews.status, status),
        ),
      )
      .orderBy(asc(properties.propertyId), asc(reviews.id)),
    loadReviewBlocklist(db),
  ]);
  return rows.map((row) => toAdminReview(row, terms));
}

type ReviewState = { status: string; reply: string | null };

function reviewAction(before: ReviewState, after: ReviewState): string {
  if (before.status === after.status && before.reply !== after.reply) return 'review.reply';
  if (after.status !== 'published') return 'review.hide';
  return before.status === 'pending' ? 'review.publish' : 'review.show';
}

export interface ReviewChange {
  hidden?: boolean | undefined;
  status?: 'pending' | 'published' | 'hidden' | undefined;
  reply?: string | undefined;
}

/**
 * PATCH /api/admin/reviews/{id}: publish, hide or show a review, reply to it;
 * null when there is no such review. `hidden` (the console's older switch)
 * and `status` say the same: only published reviews are shown.
 */
export async function updateReview(
  db: Database,
  actor: AuditActor,
  id: string,
  change: ReviewChange,
): Promise<AdminReview | null> {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ hidden: reviews.hidden, status: reviews.status, reply: reviews.reply })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update');
    if (!before) return false;
    const status =
      change.status ?? (change.hidden === undefined ? before.status : change.hidden ? 'hidden' : 'published');
    const reply = change.reply === undefined ? before.reply : change.reply === '' ? null : change.reply;
    const after = { hidden: status !== 'published', status, reply };
    await tx.update(reviews).set(after).where(eq(reviews.id, id));
    await recordAudit(tx, actor, {
      action: reviewAction(before, after),
      entity: 'review',
      entityId: id,
      before,
      after,
    });
    return true;
  });
  if (!changed) return null;
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(properties, eq(properties.id, reviews.propertyId))
    .where(sql`${reviews.id} = ${id}`);
  return row ? toAdminReview(row, await loadReviewBlocklist(db)) : null;
}

/** The console's older call: hide or show. */
export function setReviewHidden(
  db: Database,
  actor: AuditActor,
  id: string,
  hidden: boolean,
): Promise<AdminReview | null> {
  return updateReview(db, actor, id, { hidden });
}
