// The console's Google page (issue 27): GET /api/admin/google and
// POST /api/admin/google/token. The fields are the contract; the
// optional ones after them are what the page shows beside them.
import { z } from 'zod';

export const adminGoogleHomeSchema = z.object({
  propertyId: z.string(),
  eligible: z.boolean(),
  /** Why the home is left out of the listing feed. */
  reason: z.string().optional(),
  /** ISO instant of the last push that went out. */
  lastPushAt: z.string().optional(),
  /** Changes queued for Google, not yet sent. */
  pending: z.number().int(),
  /** The last failed push's error, while it is being retried. */
  failure: z.string().optional(),
  /** ISO instant of the next retry. */
  retryAt: z.string().optional(),
  /** The twin holds the home's pushes back, and why. */
  heldBack: z.string().optional(),
});
export type AdminGoogleHome = z.infer<typeof adminGoogleHomeSchema>;

export const adminGoogleTwinMismatchSchema = z.object({
  propertyId: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** Dollars; null when Google would not offer the stay. */
  ariTotal: z.number().nullable(),
  /** Dollars; null when the site would not sell it. */
  siteTotal: z.number().nullable(),
  reason: z.string(),
});

export const adminGoogleSchema = z.object({
  listingsFeedUrl: z.string(),
  homes: z.array(adminGoogleHomeSchema),
  twin: z
    .object({
      checkedAt: z.string(),
      itineraries: z.number().int(),
      mismatches: z.number().int(),
      /** The first mismatches of the run. */
      examples: z.array(adminGoogleTwinMismatchSchema).optional(),
    })
    .nullable(),
  /** Whether pushes go out (GOOGLE_ARI_URL is set). */
  pushing: z.boolean().optional(),
});
export type AdminGoogle = z.infer<typeof adminGoogleSchema>;

export const adminGoogleTokenSchema = z.object({ listingsFeedUrl: z.string() });
export type AdminGoogleToken = z.infer<typeof adminGoogleTokenSchema>;
