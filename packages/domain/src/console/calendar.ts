// Zod contracts of the console's calendar API (issue 14 section 4): blocks
// staff and owners put on a home's nights, and the calendar of one home or of
// every home over a date range. Nights are [checkIn, checkOut) like a stay.
import { z } from 'zod';
import { isIsoDate, nightsBetween } from '../dates.js';

/** Every kind of taken night, as the stays table holds them under one exclusion constraint. */
export const calendarStayKinds = ['reservation', 'hold', 'staff_block', 'owner_block', 'imported_block'] as const;
export type CalendarStayKind = (typeof calendarStayKinds)[number];

/** The reason an owner's block always carries, whatever the owner typed. */
export const ownerBlockReason = 'Owner stay';
/** A block longer than this is a typo (a year in the wrong field). */
export const maxBlockNights = 366;
/** The widest calendar window one request may ask for. */
export const maxCalendarWindowDays = 400;

const isoDate = (name: string) =>
  z.string().refine(isIsoDate, { error: `${name} must be a calendar date written as YYYY-MM-DD` });

/** POST /api/admin/properties/{id}/blocks. Owners' blocks take the reason "Owner stay". */
export const adminBlockRequestSchema = z
  .object({
    checkIn: isoDate('checkIn'),
    /** The morning the home is free again (exclusive), like a stay's check-out. */
    checkOut: isoDate('checkOut'),
    reason: z
      .string()
      .trim()
      .min(1, { error: 'A block needs a reason' })
      .max(200, { error: 'The reason is at most 200 characters' }),
  })
  .strict()
  .refine((b) => b.checkOut > b.checkIn, { error: 'checkOut is after checkIn', path: ['checkOut'] })
  .refine((b) => b.checkOut <= b.checkIn || nightsBetween(b.checkIn, b.checkOut) <= maxBlockNights, {
    error: `A block is at most ${maxBlockNights} nights`,
    path: ['checkOut'],
  });
export type AdminBlockRequest = z.infer<typeof adminBlockRequestSchema>;

/** 201 answer of POST /api/admin/properties/{id}/blocks */
export const adminBlockCreatedSchema = z.object({ id: z.string() });
export type AdminBlockCreated = z.infer<typeof adminBlockCreatedSchema>;

/**
 * GET /api/admin/calendar?from=&to=&propertyId= : stays sharing a night with
 * [from, to). Without propertyId, every home the caller may see (the
 * timeline); with it (UUID, propertyId or slug), that home (its month grid).
 */
export const adminCalendarQuerySchema = z
  .object({
    from: isoDate('from'),
    /** Exclusive. */
    to: isoDate('to'),
    propertyId: z.string().trim().min(1).max(200).optional(),
  })
  .refine((q) => q.to > q.from, { error: 'to is after from', path: ['to'] })
  .refine((q) => q.to <= q.from || nightsBetween(q.from, q.to) <= maxCalendarWindowDays, {
    error: `The calendar shows at most ${maxCalendarWindowDays} days at once`,
    path: ['to'],
  });
export type AdminCalendarQuery = z.infer<typeof adminCalendarQuerySchema>;

export const adminCalendarStaySchema = z.object({
  /** The stay's id; DELETE /api/admin/blocks/{id} takes it for blocks. */
  id: z.string(),
  kind: z.enum(calendarStayKinds),
  checkIn: z.string(),
  /** Exclusive: the first free morning. */
  checkOut: z.string(),
  /** Why the nights are taken ("Maintenance", "Owner stay", "Booking SAS-…", "Payment in progress"). */
  reason: z.string().nullable(),
  /** Reservations only. */
  bookingCode: z.string().nullable(),
  /** Reservations only: full name for staff, first name and last initial for owners. */
  guestName: z.string().nullable(),
  /** Holds only: when the hold lapses unless paid (ISO timestamp). */
  expiresAt: z.string().nullable(),
  /** May the caller remove it (DELETE /api/admin/blocks/{id})? */
  removable: z.boolean(),
});
export type AdminCalendarStay = z.infer<typeof adminCalendarStaySchema>;

/**
 * An event of an imported channel feed that could not become a block: its
 * nights overlap a booking or hold here (or another block). Our booking
 * stands; staff settle it with the channel (issue 15).
 */
export const adminCalendarConflictSchema = z.object({
  feedId: z.string(),
  feedName: z.string(),
  channel: z.string(),
  uid: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** What it collides with: "booking SAS-…", "a payment hold" or "another block". */
  conflictWith: z.string(),
});
export type AdminCalendarConflict = z.infer<typeof adminCalendarConflictSchema>;

export const adminCalendarHomeSchema = z.object({
  /** UUID */
  id: z.string(),
  /** e.g. SAS-1006 */
  propertyId: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** Ordered by checkIn. */
  stays: z.array(adminCalendarStaySchema),
  /** Imported events in conflict, ordered by checkIn; staff and admins only (owners get none). */
  conflicts: z.array(adminCalendarConflictSchema),
});
export type AdminCalendarHome = z.infer<typeof adminCalendarHomeSchema>;

export const adminCalendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Ordered by propertyId. */
  homes: z.array(adminCalendarHomeSchema),
});
export type AdminCalendar = z.infer<typeof adminCalendarSchema>;
