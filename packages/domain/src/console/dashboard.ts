// Zod contracts of the console's dashboard and owner statements (issue 14
// section 1). Occupancy is reservation nights over available home-nights;
// revenue spreads each booking's total evenly over its nights (cents to the
// first nights) and counts the nights falling in the month; cancelled
// bookings count for neither.
import { z } from 'zod';
import { eachNight, type IsoDate } from '../dates.js';

/** "2030-01" plus n months (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Each night of a stay with its share of the total, in cents: the total
 * spread evenly, the cents left over going to the first nights, so the shares
 * always add up to the total.
 */
export function nightlyShares(stay: { checkIn: IsoDate; checkOut: IsoDate; totalCents: number }): [IsoDate, number][] {
  const nights = eachNight(stay.checkIn, stay.checkOut);
  if (nights.length === 0) return [];
  const base = Math.floor(stay.totalCents / nights.length);
  const extra = stay.totalCents - base * nights.length;
  return nights.map((night, i) => [night, base + (i < extra ? 1 : 0)]);
}

export const adminMonthStatSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** Reservation nights in the month. */
  bookedNights: z.number().int(),
  /** Home-nights in the month (homes x days). */
  availableNights: z.number().int(),
  /** Percent, one decimal: 0 to 100. */
  occupancy: z.number(),
  /** Dollars. */
  revenue: z.number(),
});
export type AdminMonthStat = z.infer<typeof adminMonthStatSchema>;

export const adminMovementSchema = z.object({
  code: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  /** The arrival (check-in) or departure (check-out) date. */
  date: z.string(),
  firstName: z.string().nullable(),
  /** Owners: the initial only. */
  lastName: z.string().nullable(),
  guests: z.number().int(),
});
export type AdminMovement = z.infer<typeof adminMovementSchema>;

/**
 * GET /api/admin/dashboard: 24 months, the 12 before the current one and the
 * current one with the 11 after it, per home and in total; arrivals and
 * departures from today through the 6 days after it.
 */
export const adminDashboardSchema = z.object({
  /** Today, in the company's time zone. */
  today: z.string(),
  months: z.array(z.string()),
  homes: z.array(
    z.object({ id: z.string(), propertyId: z.string(), name: z.string(), months: z.array(adminMonthStatSchema) }),
  ),
  total: z.array(adminMonthStatSchema),
  arrivals: z.array(adminMovementSchema),
  departures: z.array(adminMovementSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** GET /api/admin/statements?month=YYYY-MM&propertyId= */
export const adminStatementQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must be written as YYYY-MM' }),
  propertyId: z.string().trim().min(1).max(200).optional(),
});
export type AdminStatementQuery = z.infer<typeof adminStatementQuerySchema>;

export const adminStatementLineSchema = z.object({
  code: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  nightsInMonth: z.number().int(),
  firstName: z.string().nullable(),
  /** Owners: the initial only. */
  lastName: z.string().nullable(),
  /** The booking's total, dollars: what the guest paid, after its discounts. */
  totalAmount: z.number(),
  /** What the booking's discounts took off (issue 26), dollars; 0 when none. */
  discount: z.number().default(0),
  /** The share of the total for the nights in this month, dollars. */
  grossInMonth: z.number(),
});

/**
 * Confirmed bookings with nights in the month and their gross: what guests
 * paid (nights, fees, taxes and add-ons) for those nights. No commission or
 * expenses: the company's agreement with each owner is not in the system.
 */
export const adminStatementSchema = z.object({
  month: z.string(),
  homes: z.array(
    z.object({
      id: z.string(),
      propertyId: z.string(),
      name: z.string(),
      bookings: z.array(adminStatementLineSchema),
      /** Departure cleans done this month (issue 30), with the cleaning fee charged for each (null: an owner's or imported stay). */
      cleanings: z.array(
        z.object({
          date: z.string(),
          kindName: z.string(),
          booking: z.string().nullable(),
          charged: z.number().nullable(),
        }),
      ),
      nights: z.number().int(),
      gross: z.number(),
    }),
  ),
  totals: z.object({ bookings: z.number().int(), nights: z.number().int(), gross: z.number() }),
});
export type AdminStatement = z.infer<typeof adminStatementSchema>;
