// Zod contracts of the console's rates API (issue 14 section 3): what GET
// answers, PUT accepts unchanged. Dollars and percent at the edge, cents and
// basis points inside (pricing.ts); dates YYYY-MM-DD, a season's `to`
// exclusive like a stay's check-out.
import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { toCents } from '../money.js';
import type { RateCard } from '../pricing.js';
import { maxGuestCount } from '../constants.js';

/** A typo guard far above any real nightly rate or fee. */
export const maxRateDollars = 1_000_000;
export const maxSeasons = 100;
export const maxMinStay = 365;

/** True when `value` has at most two decimals (whole cents). */
export function isWholeCents(value: number): boolean {
  return Number.isFinite(value) && toCents(value) / 100 === value;
}

const dollars = (name: string) =>
  z
    .number({ error: `${name} must be a number of dollars` })
    .min(0, { error: `${name} cannot be negative` })
    .max(maxRateDollars, { error: `${name} is at most ${maxRateDollars} dollars` })
    .refine(isWholeCents, { error: `${name} has at most two decimals` });

const minStay = (name: string) =>
  z
    .number()
    .int({ error: `${name} must be a whole number of nights` })
    .min(1, { error: `${name} is at least 1 night` })
    .max(maxMinStay, { error: `${name} is at most ${maxMinStay} nights` });

const isoDate = (name: string) =>
  z.string().refine(isIsoDate, { error: `${name} must be a calendar date written as YYYY-MM-DD` });

export const adminSeasonSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'A season needs a name' }).max(100),
    /** First night of the season. */
    from: isoDate('from'),
    /** The night after the last one (exclusive). */
    to: isoDate('to'),
    nightly: dollars('nightly'),
    weekendNightly: dollars('weekendNightly'),
    minStay: minStay('minStay'),
  })
  .strict()
  .refine((s) => s.to > s.from, { error: 'A season ends after it starts (to is after from)', path: ['to'] });
export type AdminSeason = z.infer<typeof adminSeasonSchema>;

/** GET and PUT /api/admin/properties/{id}/rates */
export const adminRatesSchema = z
  .object({
    baseNightly: dollars('baseNightly'),
    weekendNightly: dollars('weekendNightly'),
    cleaningFee: dollars('cleaningFee'),
    minStay: minStay('minStay'),
    /** Percent of nights plus cleaning fee, e.g. 12.27. */
    taxRate: z
      .number()
      .min(0, { error: 'taxRate cannot be negative' })
      .max(100, { error: 'taxRate is a percent, at most 100' })
      .refine(isWholeCents, { error: 'taxRate has at most two decimals' }),
    taxName: z.string().trim().min(1, { error: 'taxName cannot be empty' }).max(100),
    seasons: z.array(adminSeasonSchema).max(maxSeasons),
  })
  .strict()
  .superRefine((rates, ctx) => {
    const sorted = rates.seasons.map((s, index) => ({ ...s, index })).sort((a, b) => (a.from < b.from ? -1 : 1));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1];
      const current = sorted[i];
      if (previous && current && current.from < previous.to) {
        ctx.addIssue({
          code: 'custom',
          path: ['seasons', current.index],
          message: `Seasons "${previous.name}" and "${current.name}" overlap: a night can be in one season only`,
        });
      }
    }
  });
export type AdminRates = z.infer<typeof adminRatesSchema>;

/** POST /api/admin/properties/{id}/rates/preview: a quote with unsaved rates; answers quoteResponseSchema. */
export const adminRatesPreviewSchema = z
  .object({
    rates: adminRatesSchema,
    checkIn: isoDate('checkIn'),
    checkOut: isoDate('checkOut'),
    adults: z.number().int().min(1).max(maxGuestCount).default(1),
    children: z.number().int().min(0).max(maxGuestCount).default(0),
  })
  .strict();
/** What the console sends. */
export type AdminRatesPreview = z.input<typeof adminRatesPreviewSchema>;
/** What the server reads (guest counts defaulted). */
export type AdminRatesPreviewRequest = z.output<typeof adminRatesPreviewSchema>;

/** The pricing rate card (cents, basis points) of console rates. */
export function rateCardFromAdmin(rates: AdminRates): RateCard {
  return {
    nightly: toCents(rates.baseNightly),
    weekend: toCents(rates.weekendNightly),
    cleaningFee: toCents(rates.cleaningFee),
    minStay: rates.minStay,
    taxRateBps: toCents(rates.taxRate),
    taxName: rates.taxName,
    seasons: [...rates.seasons]
      .sort((a, b) => (a.from < b.from ? -1 : 1))
      .map((s) => ({
        name: s.name,
        start: s.from,
        end: s.to,
        nightly: toCents(s.nightly),
        weekend: toCents(s.weekendNightly),
        minStay: s.minStay,
      })),
  };
}

/** Console rates of a pricing rate card. */
export function adminRatesFromCard(card: RateCard): AdminRates {
  return {
    baseNightly: card.nightly / 100,
    weekendNightly: card.weekend / 100,
    cleaningFee: card.cleaningFee / 100,
    minStay: card.minStay,
    taxRate: card.taxRateBps / 100,
    taxName: card.taxName,
    seasons: card.seasons.map((s) => ({
      name: s.name,
      from: s.start,
      to: s.end,
      nightly: s.nightly / 100,
      weekendNightly: s.weekend / 100,
      minStay: s.minStay,
    })),
  };
}
