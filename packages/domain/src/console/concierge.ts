// The console's concierge schedule (issue 16 item 5): every booked service by
// day and time across homes, for the people who deliver them.
import { z } from 'zod';
import { isIsoDate } from '../dates.js';

/** The most days one schedule covers. */
export const conciergeScheduleMaxDays = 62;

/** GET /api/admin/concierge */
export const conciergeScheduleQuerySchema = z
  .object({
    /** First day (YYYY-MM-DD); today at the office when absent. */
    from: z.string().refine(isIsoDate, { error: 'from must be a calendar date like 2027-03-14' }).optional(),
    days: z.coerce.number().int().min(1).max(conciergeScheduleMaxDays).default(14),
  })
  .strict();

export const conciergeScheduleEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  /** HH:MM on the home's clock. */
  time: z.string(),
  service: z.string(),
  option: z.string().nullable(),
  /** Chosen with the reservation (paid with the stay) rather than added later. */
  withStay: z.boolean(),
  home: z.object({ id: z.string(), name: z.string(), city: z.string(), timeZone: z.string() }),
  booking: z.object({
    code: z.string(),
    guest: z.string().nullable(),
    phone: z.string().nullable(),
    party: z.number().int(),
  }),
});
export type ConciergeScheduleEntry = z.infer<typeof conciergeScheduleEntrySchema>;

export const conciergeScheduleSchema = z.object({
  from: z.string(),
  /** Last day covered (inclusive). */
  to: z.string(),
  entries: z.array(conciergeScheduleEntrySchema),
});
export type ConciergeSchedule = z.infer<typeof conciergeScheduleSchema>;
