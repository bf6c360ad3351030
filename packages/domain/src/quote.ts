// Zod contracts of pricing and availability: the quote (SPEC.md sections 3
// and 7: checkin_date, checkout_date, guests{...}, financials.min_stay), the
// property calendar, staff date blocking and the availability search. The
// booking panel and the search page parse with the same schemas the server
// serialises with. Amounts here are dollars; cents stay on the server.
import { z } from 'zod';
import { reservationReferencePattern } from './reservation-reference.js';
import { propertyCardSchema } from './catalog.js';
import { defaultBlockReason, maxGuestCount } from './constants.js';
import { isIsoDate } from './dates.js';
import { taxLineSchema } from './taxes.js';


/** A YYYY-MM-DD field whose error message names the field. */
function isoDateField(name: string) {
  return z.string().refine(isIsoDate, { error: `${name} must be a calendar date written as YYYY-MM-DD` });
}

const isoDateValue = z.string().refine(isIsoDate, { error: 'Dates must be calendar dates written as YYYY-MM-DD' });

const guestCount = z.number().int().min(0).max(maxGuestCount);

/** Guests of a stay. Children, infants and pets default to 0 (SPEC.md section 9). */
export const guestsSchema = z
  .object({
    adults: z.number().int().min(1).max(maxGuestCount),
    children: guestCount.default(0),
    infants: guestCount.default(0),
    pets: guestCount.default(0),
  })
  .strict();
export type Guests = z.output<typeof guestsSchema>;

/** A promo code as a guest types it: spaces around it are ignored. */
export const promoCodeField = z
  .string()
  .trim()
  .min(1, { error: 'promoCode must not be empty' })
  .max(40, { error: 'promoCode is at most 40 characters' });

/** POST /api/properties/{id}/quote */
export const quoteRequestSchema = z
  .object({
    checkin_date: isoDateField('checkin_date'),
    checkout_date: isoDateField('checkout_date'),
    guests: guestsSchema,
    /**
     * The reservation being changed (step 1's date editor): its own hold
     * counts as free, so a guest is never refused their own nights.
     */
    reference: z
      .string()
      .regex(reservationReferencePattern, { error: 'reference is not a reservation reference' })
      .optional(),
    /** A promo code (issue 26); any case. A refused one keeps the price and says why in `promo.reason`. */
    promoCode: promoCodeField.optional(),
  })
  .strict();
/** What the browser sends (children, infants and pets may be left out). */
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const nightlyLineSchema = z.object({
  date: z.string(),
  /** Dollars for this night. */
  price: z.number(),
  /** Season name when a seasonal rate applied, else null. */
  season: z.string().nullable(),
  /** Friday and Saturday nights. */
  weekend: z.boolean(),
});
export type NightlyLineResponse = z.infer<typeof nightlyLineSchema>;

/** One discount of a stay, dollars (positive). */
export const discountLineSchema = z.object({
  kind: z.enum(['weekly', 'monthly', 'lastMinute', 'earlyBird', 'gapNight', 'code']),
  name: z.string(),
  amount: z.number(),
});
export type DiscountLineResponse = z.infer<typeof discountLineSchema>;

/** What became of the promo code sent with a quote or a payment. */
export const promoOutcomeSchema = z.object({
  code: z.string(),
  applied: z.boolean(),
  reason: z.string().optional(),
});
export type PromoOutcomeResponse = z.infer<typeof promoOutcomeSchema>;

export const quoteResponseSchema = z.object({
  checkin_date: z.string(),
  checkout_date: z.string(),
  nights: z.number().int(),
  nightly: z.array(nightlyLineSchema),
  /** Sum of the nights, dollars (the reservation draft's basePrice). */
  basePrice: z.number(),
  /** Cleaning fee, dollars. */
  fees: z.number(),
  /** The sum of `taxLines` (SPEC.md's field). */
  taxes: z.number(),
  /** The taxes by jurisdiction (issue 29), in dollars; they add up to `taxes`. */
  taxLines: z.array(taxLineSchema).default([]),
  /** basePrice - sum(discounts) + fees + taxes, before add-ons: what the guest pays for the stay. */
  total: z.number(),
  currency: z.literal('usd'),
  /** The discounts taken off the nights (issue 26): at most one automatic, and the code's. */
  discounts: z.array(discountLineSchema).default([]),
  /** When a promo code was sent: whether it applied, and why not (or what it replaced). */
  promo: promoOutcomeSchema.optional(),
  financials: z.object({
    /** Minimum stay that applied: the check-in night's. */
    min_stay: z.number().int(),
    cleaning_fee: z.number(),
    /** The rates of the tax lines that applied, summed, in percent, e.g. 12.27. */
    tax_rate: z.number(),
    tax_name: z.string(),
    /** basePrice / nights to the cent (SPEC.md section 5). */
    average_nightly: z.number(),
  }),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// Calendar ---------------------------------------------------------------------

/** Longest window one calendar request may cover. */
export const maxCalendarDays = 366;
/** Window length when `to` is left out. */
export const defaultCalendarDays = 365;

/** GET /api/properties/{id}/calendar?from&to (to exclusive). */
export const calendarQuerySchema = z
  .object({
    from: isoDateField('from').optional(),
    to: isoDateField('to').optional(),
  })
  .strict();
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const minStayRangeSchema = z.object({
  start: z.string(),
  /** Exclusive. */
  end: z.string(),
  minStay: z.number().int(),
});
export type MinStayRange = z.infer<typeof minStayRangeSchema>;

export const calendarResponseSchema = z.object({
  propertyId: z.string(),
  /** Today where the home is: earlier dates cannot be a check-in. */
  today: z.string(),
  from: z.string(),
  to: z.string(),
  /** Nights (dates slept) inside [from, to) that are taken, ascending. */
  unavailable: z.array(z.string()),
  /**
   * Minimum stay by check-in date: `ranges` (seasons overlapping the window,
   * not clipped) override `default`. See minStayOnCalendar.
   */
  minStay: z.object({
    default: z.number().int(),
    ranges: z.array(minStayRangeSchema),
  }),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

// Blocking dates (staff) -----------------------------------------------------------

/** PUT /api/calendar/block-dates?propertyId={id} */
export const blockDatesQuerySchema = z.object({ propertyId: z.string().trim().min(1) }).strict();

export const maxBlockDates = 366;

export const blockDatesRequestSchema = z
  .object({
    dates: z.array(isoDateValue).min(1).max(maxBlockDates),
    reason: z.string().trim().min(1).max(200).default(defaultBlockReason),
    // Accepted for compatibility with the original client (SPEC.md section 3);
    // prices and minimum stays come from the rate tables, not from a block.
    price: z.number().min(0).max(1_000_000).nullish(),
    minStay: z.number().int().min(1).max(365).nullish(),
  })
  .strict();
export type BlockDatesRequest = z.input<typeof blockDatesRequestSchema>;

export const blockDatesResponseSchema = z.object({ success: z.literal(true) });

// Availability search ----------------------------------------------------------------

export const searchLocations = ['all', 'breckenridge', 'michigan'] as const;
export type SearchLocation = (typeof searchLocations)[number];

const queryCount = (min: number, fallback: number) =>
  z.coerce.number().int().min(min).max(maxGuestCount).default(fallback);

/** GET /api/search/availability: query strings, coerced. */
export const availabilitySearchQuerySchema = z
  .object({
    checkIn: isoDateField('checkIn'),
    checkOut: isoDateField('checkOut'),
    adults: queryCount(1, 1),
    children: queryCount(0, 0),
    infants: queryCount(0, 0),
    pets: queryCount(0, 0),
    location: z.enum(searchLocations).default('all'),
  })
  .strict();
export type AvailabilitySearchQuery = z.input<typeof availabilitySearchQuerySchema>;

export const searchQuoteSchema = quoteResponseSchema.pick({
  nights: true,
  total: true,
  basePrice: true,
  fees: true,
  taxes: true,
  currency: true,
  discounts: true,
});

/** One home free for the searched dates, with its price. */
export const availableHomeSchema = propertyCardSchema.extend({ quote: searchQuoteSchema });
export type AvailableHome = z.infer<typeof availableHomeSchema>;
export const availabilitySearchResponseSchema = z.array(availableHomeSchema);
