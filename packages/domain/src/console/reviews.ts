// Review moderation in the console (issue 14 section 7): staff hide or show a
// review, and SPEC.md's blocklist becomes terms staff edit. A term hides a
// review whose id it is, or whose guest name or text contains it (any case);
// the wasp-nest and fake-date rules stay code (isReviewHiddenByRule).
import { z } from 'zod';
import { blockedGuestName, hiddenReviewIds, isReviewHiddenByRule, type HideableReview } from '../reviews.js';

/** The blocklist until staff first save one: SPEC.md's seven ids and the spammer's name. */
export const defaultReviewBlocklist: readonly string[] = [...hiddenReviewIds, blockedGuestName];

export const blocklistTermMaxLength = 100;
export const blocklistMaxTerms = 500;

export function matchesBlocklist(review: HideableReview, terms: readonly string[]): boolean {
  const id = review.id.toLowerCase();
  const name = review.guestName?.toLowerCase() ?? '';
  const text = review.reviewText.toLowerCase();
  return terms.some((raw) => {
    const term = raw.trim().toLowerCase();
    return term !== '' && (id === term || name.includes(term) || text.includes(term));
  });
}

/** Why the public pages do not show a review, or null when they do. */
export type ReviewHiddenReason = 'hidden' | 'blocklist' | 'rule';

export function reviewHiddenReason(
  review: HideableReview & { hidden: boolean },
  terms: readonly string[],
): ReviewHiddenReason | null {
  if (review.hidden) return 'hidden';
  if (matchesBlocklist(review, terms)) return 'blocklist';
  return isReviewHiddenByRule(review) ? 'rule' : null;
}

/** The reviews a guest may see. */
export function publicReviews<T extends HideableReview & { hidden: boolean }>(
  reviews: readonly T[],
  terms: readonly string[],
): T[] {
  return reviews.filter((review) => reviewHiddenReason(review, terms) === null);
}

/** One item of GET /api/admin/reviews. */
export const adminReviewSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  propertyListingId: z.string(),
  propertyName: z.string(),
  guestName: z.string().nullable(),
  platform: z.string(),
  rating: z.number(),
  reviewText: z.string(),
  reviewedAtDate: z.string().nullable(),
  /** Hidden by staff (PATCH). */
  hidden: z.boolean(),
  /** Why the public pages leave it out, whatever the cause; null when they show it. */
  hiddenReason: z.enum(['hidden', 'blocklist', 'rule']).nullable(),
  /** imported from the platforms, or written by the guest of a stay through the review link (issue 28). */
  source: z.enum(['imported', 'guest']),
  /** A guest review waits (pending) until staff publish or hide it. */
  status: z.enum(['pending', 'published', 'hidden']),
  /** The company's public reply. */
  reply: z.string().nullable(),
  /** A guest review's check-in date ("Stayed in ..."). */
  stayedOn: z.string().nullable(),
  ratings: z.record(z.string(), z.number()).nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewListSchema = z.array(adminReviewSchema);

/** GET /api/admin/reviews?propertyId= (UUID, listing number or slug) */
export const adminReviewQuerySchema = z.object({
  propertyId: z.string().trim().min(1).max(200).optional(),
  status: z
    .enum(['pending', 'published', 'hidden'], { error: 'status must be pending, published or hidden' })
    .optional(),
});

/** PATCH /api/admin/reviews/{id} */
export const updateReviewRequestSchema = z
  .object({
    hidden: z.boolean({ error: 'hidden must be true or false' }),
    /** published shows it; pending and hidden keep it off the public pages (issue 28). */
    status: z.enum(['pending', 'published', 'hidden'], { error: 'status must be pending, published or hidden' }),
    /** The public reply; empty removes it. */
    reply: z.string().trim().max(2_000, { error: 'reply must be at most 2000 characters' }),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change: send status, reply or hidden' });
export type UpdateReviewRequest = z.infer<typeof updateReviewRequestSchema>;

/** GET and PUT /api/admin/review-blocklist: what GET answers, PUT accepts. */
export const reviewBlocklistSchema = z.object({
  terms: z
    .array(
      z
        .string({ error: 'each term must be text' })
        .trim()
        .min(1, { error: 'a term cannot be empty' })
        .max(blocklistTermMaxLength, { error: `a term must be at most ${blocklistTermMaxLength} characters long` }),
    )
    .max(blocklistMaxTerms, { error: `at most ${blocklistMaxTerms} terms` }),
});
export type ReviewBlocklist = z.infer<typeof reviewBlocklistSchema>;
