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
import { asc, eq, sql } from 'drizzle-orm';
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
  };
}

/** Every review (of one home, by UUID, when given), hidden ones included, by home then id. */
export async function listAdminReviews(db: Queryable, propertyUuid?: string): Promise<AdminReview[]> {
  const [rows, terms] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(properties, eq(properties.id, reviews.propertyId))
      .where(propertyUuid === undefined ? undefined : eq(reviews.propertyId, propertyUuid))
      .orderBy(asc(properties.propertyId), asc(reviews.id)),
    loadReviewBlocklist(db),
  ]);
  return rows.map((row) => toAdminReview(row, terms));
}

/** PATCH /api/admin/reviews/{id}; null when there is no such review. */
export async function setReviewHidden(
  db: Database,
  actor: AuditActor,
  id: string,
  hidden: boolean,
): Promise<AdminReview | null> {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx.select({ hidden: reviews.hidden }).from(reviews).where(eq(reviews.id, id)).for('update');
    if (!before) return false;
    await tx.update(reviews).set({ hidden }).where(eq(reviews.id, id));
    await recordAudit(tx, actor, {
      action: hidden ? 'review.hide' : 'review.show',
      entity: 'review',
      entityId: id,
      before,
      after: { hidden },
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
