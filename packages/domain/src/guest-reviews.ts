// Verified reviews (issue 28): only the guest of a completed stay, through
// the signed link of the thank-you message, from checkout until 60 days
// after, once per booking. The review waits for staff, who publish or hide it
// and may reply in public.
import { z } from 'zod';
import { monthNames } from './display.js';

export const reviewSubRatings = ['cleanliness', 'accuracy', 'communication', 'location', 'value'] as const;
export type ReviewSubRating = (typeof reviewSubRatings)[number];

export const reviewModerationStatuses = ['pending', 'published', 'hidden'] as const;
export type ReviewModerationStatus = (typeof reviewModerationStatuses)[number];

/** The platform label of reviews written on this site. */
export const ownReviewPlatform = 'Summit & Shore';
export const reviewTextMaxLength = 5_000;

/** "Stayed in March 2027" from the stay's check-in date. */
export function stayedInLabel(checkIn: string): string {
  const month = monthNames[Number(checkIn.slice(5, 7)) - 1] ?? '';
  return `Stayed in ${month} ${checkIn.slice(0, 4)}`;
}

const star = (name: string) =>
  z
    .number({ error: `${name} must be a number from 1 to 5` })
    .int({ error: `${name} must be a whole number from 1 to 5` })
    .min(1, { error: `${name} must be from 1 to 5` })
    .max(5, { error: `${name} must be from 1 to 5` });

/** GET /api/reviews/request/{token} */
export const reviewRequestSchema = z.object({
  propertyName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  firstName: z.string().nullable(),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** POST /api/reviews */
export const submitReviewSchema = z
  .object({
    token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }).max(2_000),
    rating: star('rating'),
    ratings: z
      .object({
        cleanliness: star('cleanliness'),
        accuracy: star('accuracy'),
        communication: star('communication'),
        location: star('location'),
        value: star('value'),
      })
      .strict(),
    text: z
      .string({ error: 'text is required' })
      .trim()
      .min(10, { error: 'Please write at least a sentence (10 characters)' })
      .max(reviewTextMaxLength, { error: `text must be at most ${reviewTextMaxLength} characters` }),
  })
  .strict();
export type SubmitReview = z.infer<typeof submitReviewSchema>;

export const submitReviewResponseSchema = z.object({ id: z.string(), status: z.enum(reviewModerationStatuses) });
