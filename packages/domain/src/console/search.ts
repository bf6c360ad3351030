// Zod contract of the console's search (ADR 040): the top bar looks up a
// booking by its code, a guest by name or e-mail, and a home by its listing
// number or name, in one request. Scoped as the lists are: an owner finds
// their homes' bookings only, by code or name (never by e-mail), and sees the
// guest's first name and last initial.
import { z } from 'zod';
import { reservationStatuses } from './reservations.js';

/** The most of each kind one search answers: the bar shows a short list, the reservations page the rest. */
export const adminSearchLimit = 8;

export const adminSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, { error: 'Type something to search for' })
    .max(100, { error: 'The search is at most 100 characters' }),
});
export type AdminSearchQuery = z.infer<typeof adminSearchQuerySchema>;

export const adminSearchReservationSchema = z.object({
  code: z.string(),
  /** The home's listing number, e.g. SAS-1006. */
  propertyId: z.string(),
  propertyName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  status: z.enum(reservationStatuses),
  /** "Ada Lovelace" for staff, "Ada L." for owners; null when the booking has no name. */
  guestName: z.string().nullable(),
});
export type AdminSearchReservation = z.infer<typeof adminSearchReservationSchema>;

export const adminSearchHomeSchema = z.object({
  id: z.string(),
  /** The listing number, e.g. SAS-1006. */
  propertyId: z.string(),
  name: z.string(),
  published: z.boolean(),
});
export type AdminSearchHome = z.infer<typeof adminSearchHomeSchema>;

export const adminSearchResultSchema = z.object({
  /** An exact code first, then the latest stays. */
  reservations: z.array(adminSearchReservationSchema),
  /** In listing-number order. */
  homes: z.array(adminSearchHomeSchema),
});
export type AdminSearchResult = z.infer<typeof adminSearchResultSchema>;
