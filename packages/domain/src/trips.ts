// Zod contracts of the guest's trips (issue 16 items 1-3): finding a booking
// by its code and e-mail, the signed-in guest's trips, one booking's page and
// the guest's cancellation. Money is in dollars at the edge; instants are ISO
// timestamps, calendar dates YYYY-MM-DD.
import { z } from 'zod';
import { bookingCodePattern } from './booking.js';
import { conciergeServiceSchema } from './concierge.js';
import { agreementRecordSchema, depositSummarySchema, scheduledPaymentSchema } from './payment-schedule.js';

/** The answer to every lookup, matching or not, so it tells nobody whether a booking exists. */
export const tripLookupMessage = 'If a booking matches, we have e-mailed a link.';

/** How long an e-mailed trip link opens its booking. */
export const tripLinkHours = 24;

export const bookingCodeField = z
  .string({ error: 'code is required' })
  .trim()
  .toUpperCase()
  .regex(bookingCodePattern, { error: 'code is a booking code like SAS-7K3Q9P' });

/** POST /api/trips/lookup */
export const tripLookupBodySchema = z
  .object({
    code: bookingCodeField,
    email: z
      .string({ error: 'email is required' })
      .trim()
      .min(1, { error: 'email is required' })
      .max(254, { error: 'email must be at most 254 characters long' })
      .pipe(z.email({ error: 'email must be a valid e-mail address' })),
  })
  .strict();
export type TripLookupBody = z.infer<typeof tripLookupBodySchema>;

/** 202 of POST /api/trips/lookup, always. */
export const tripLookupResponseSchema = z.object({ message: z.literal(tripLookupMessage) });

export const tripStatuses = ['confirmed', 'cancelled'] as const;
export type TripStatus = (typeof tripStatuses)[number];

/** One of GET /api/trips: upcoming stays first (soonest first), then past ones (latest first). */
export const tripSummarySchema = z.object({
  code: z.string(),
  status: z.enum(tripStatuses),
  propertyName: z.string(),
  propertySlug: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  guests: z.number().int(),
  /** What the guest paid, in dollars. */
  totalAmount: z.number(),
});
export type TripSummary = z.infer<typeof tripSummarySchema>;
export const tripListSchema = z.array(tripSummarySchema);

/** GET /api/trips/{code} (and the `?token=` of a trip link). */
export const tripParamsSchema = z.object({ code: bookingCodeField });
export const tripQuerySchema = z.object({ token: z.string().max(2000).optional() });

const moneyLine = z.object({ label: z.string(), amount: z.number() });
const movement = z.object({ amount: z.number(), status: z.string(), at: z.string() });

/** GET /api/trips/{code}: one booking's page. */
export const tripDetailSchema = z.object({
  code: z.string(),
  status: z.enum(tripStatuses),
  bookedAt: z.string(),
  property: z.object({
    name: z.string(),
    slug: z.string(),
    city: z.string(),
    state: z.string(),
    /** Given while the booking is confirmed (null when cancelled, or when the home has none on record). */
    address: z.string().nullable(),
    /** e.g. "4:00 PM"; null when the home does not say (or the booking is cancelled). */
    checkInTime: z.string().nullable(),
    instructions: z.string().nullable(),
  }),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  party: z.object({
    adults: z.number().int(),
    children: z.number().int(),
    infants: z.number().int(),
    pets: z.number().int(),
  }),
  /** Nights, fees, taxes and each add-on, in dollars; they add up to totalAmount. */
  priceLines: z.array(moneyLine),
  addOns: z.array(z.object({ name: z.string(), option: z.string().nullable(), price: z.number() })),
  /** Concierge services added after booking (paid or cancelled), by date and time. */
  concierge: z.array(conciergeServiceSchema),
  totalAmount: z.number(),
  payments: z.array(movement),
  refunds: z.array(movement),
  /**
   * What cancelling now gives (the server recomputes it when the guest
   * confirms) and when each tier ends, as ISO instants computed in the home's
   * time zone by `refundDeadlines`; null once cancelled.
   * `halfRefundUntil` is null when the 50% tier never applies (booked within
   * 30 days of check-in): then no refund after `fullRefundUntil`.
   */
  cancellation: z
    .object({
      refundPercent: z.number().int(),
      refundAmount: z.number(),
      fullRefundUntil: z.string(),
      halfRefundUntil: z.string().nullable(),
    })
    .nullable(),
  cancelled: z.object({ at: z.string(), refundAmount: z.number() }).nullable(),
  /** The home's IANA time zone, to show the timeline's instants as the home's clock. */
  timeZone: z.string(),
  /** The stay's charges: one when paid in full, up to three in installments (issue 17). */
  schedule: z.array(scheduledPaymentSchema),
  /** The security deposit: amount 0 and status `none` when the home asks for none. */
  deposit: depositSummarySchema,
  /** The rental agreement accepted with the booking; null for bookings made before it was asked. */
  agreement: agreementRecordSchema.nullable(),
});
export type TripDetail = z.infer<typeof tripDetailSchema>;

/** 200 of POST /api/trips/{code}/cancel, the same on every repeat. */
export const tripCancelResponseSchema = z.object({
  status: z.literal('cancelled'),
  /** What the cancellation refunds, in dollars (decided by the first request). */
  refundAmount: z.number(),
});
export type TripCancelResponse = z.infer<typeof tripCancelResponseSchema>;
