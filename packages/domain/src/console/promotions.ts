// Zod contracts of the console's promotions API (issue 26): a home's
// automatic discounts (what GET answers, PUT takes back unchanged) and promo
// codes with their redemptions. Percent and dollars at the edge, basis points
// and cents inside (promotions.ts).
import { z } from 'zod';
import { collectionNames } from '../collection-names.js';
import { isIsoDate } from '../dates.js';
import { toCents } from '../money.js';
import {
  columnsFromDiscounts,
  discountsFromColumns,
  maxDiscountBps,
  maxGapNights,
  type DiscountColumns,
  type HomeDiscounts,
} from '../promotions.js';
import { isWholeCents } from './rates.js';

const maxPercent = maxDiscountBps / 100;

const percent = (name: string) =>
  z
    .number({ error: `${name} must be a number (percent)` })
    .min(0, { error: `${name} cannot be negative` })
    .max(maxPercent, { error: `${name} is at most ${maxPercent}%` })
    .refine(isWholeCents, { error: `${name} has at most two decimals` });

const days = (name: string, min: number) =>
  z
    .number()
    .int({ error: `${name} must be a whole number of days` })
    .min(min, { error: `${name} is at least ${min}` })
    .max(730, { error: `${name} is at most 730 days` });

/** GET and PUT /api/admin/properties/{id}/discounts */
export const adminDiscountsSchema = z
  .object({
    /** Stays of 7 nights or more; 0 is off. */
    weeklyPercent: percent('weeklyPercent'),
    /** Stays of 28 nights or more; 0 is off. */
    monthlyPercent: percent('monthlyPercent'),
    /** Check-in at most `days` days from today. */
    lastMinute: z
      .object({ days: days('lastMinute.days', 0), percent: percent('lastMinute.percent') })
      .strict()
      .nullable(),
    /** Check-in at least `days` days from today. */
    earlyBird: z
      .object({ days: days('earlyBird.days', 1), percent: percent('earlyBird.percent') })
      .strict()
      .nullable(),
    /** A gap of 1 to maxGap nights between two stays may be booked below the minimum stay, `percent` off (0 for none). */
    gapNights: z
      .object({
        maxGap: z
          .number()
          .int()
          .min(1, { error: 'gapNights.maxGap is 1 to 3 nights' })
          .max(maxGapNights, { error: 'gapNights.maxGap is 1 to 3 nights' }),
        percent: percent('gapNights.percent'),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type AdminDiscounts = z.infer<typeof adminDiscountsSchema>;

export function adminDiscountsFromColumns(row: DiscountColumns | null): AdminDiscounts {
  const d: HomeDiscounts = row
    ? discountsFromColumns(row)
    : { weeklyBps: 0, monthlyBps: 0, lastMinute: null, earlyBird: null, gapNights: null };
  return {
    weeklyPercent: d.weeklyBps / 100,
    monthlyPercent: d.monthlyBps / 100,
    lastMinute: d.lastMinute ? { days: d.lastMinute.days, percent: d.lastMinute.bps / 100 } : null,
    earlyBird: d.earlyBird ? { days: d.earlyBird.days, percent: d.earlyBird.bps / 100 } : null,
    gapNights: d.gapNights ? { maxGap: d.gapNights.maxGap, percent: d.gapNights.bps / 100 } : null,
  };
}

export function columnsFromAdminDiscounts(body: AdminDiscounts): DiscountColumns {
  return columnsFromDiscounts({
    weeklyBps: toCents(body.weeklyPercent),
    monthlyBps: toCents(body.monthlyPercent),
    lastMinute: body.lastMinute ? { days: body.lastMinute.days, bps: toCents(body.lastMinute.percent) } : null,
    earlyBird: body.earlyBird ? { days: body.earlyBird.days, bps: toCents(body.earlyBird.percent) } : null,
    gapNights: body.gapNights ? { maxGap: body.gapNights.maxGap, bps: toCents(body.gapNights.percent) } : null,
  });
}

// Promo codes ---------------------------------------------------------------------

export const promoCodePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;

const isoDate = (name: string) =>
  z.string().refine(isIsoDate, { error: `${name} must be a calendar date written as YYYY-MM-DD` });

const count = (name: string) =>
  z
    .number()
    .int({ error: `${name} must be a whole number` })
    .min(1, { error: `${name} is at least 1` })
    .max(1_000_000);

const promotionFields = {
  code: z
    .string()
    .trim()
    .regex(promoCodePattern, { error: 'code is 3 to 40 letters, digits, - or _, starting with a letter or digit' }),
  kind: z.enum(['percent', 'amount'], { error: "kind must be 'percent' or 'amount'" }),
  /** Percent (1-100, two decimals) or dollars off the nights. */
  value: z
    .number({ error: 'value must be a number' })
    .positive({ error: 'value must be more than 0' })
    .max(100_000, { error: 'value is at most 100000' })
    .refine(isWholeCents, { error: 'value has at most two decimals' }),
  minNights: count('minNights').max(365).nullish(),
  /** Earliest check-in. */
  stayFrom: isoDate('stayFrom').nullish(),
  /** Latest check-out. */
  stayTo: isoDate('stayTo').nullish(),
  /** First day a booking may use the code (the home's calendar). */
  bookFrom: isoDate('bookFrom').nullish(),
  /** Last day a booking may use the code. */
  bookTo: isoDate('bookTo').nullish(),
  homes: z
    .array(z.string().uuid({ error: 'homes are home ids (UUIDs)' }))
    .max(500)
    .nullish(),
  collections: z.array(z.enum(collectionNames)).max(collectionNames.length).nullish(),
  maxUses: count('maxUses').nullish(),
  maxUsesPerGuest: count('maxUsesPerGuest').nullish(),
  combinable: z.boolean().nullish(),
};

type PromotionShape = {
  kind?: 'percent' | 'amount' | undefined;
  value?: number | undefined;
  stayFrom?: string | null | undefined;
  stayTo?: string | null | undefined;
  bookFrom?: string | null | undefined;
  bookTo?: string | null | undefined;
};

function checkPromotion(p: PromotionShape, ctx: z.RefinementCtx) {
  if (p.kind === 'percent' && p.value !== undefined && p.value > 100) {
    ctx.addIssue({ code: 'custom', message: 'A percentage is at most 100', path: ['value'] });
  }
  if (p.stayFrom && p.stayTo && p.stayTo <= p.stayFrom) {
    ctx.addIssue({ code: 'custom', message: 'stayTo (latest check-out) must be after stayFrom', path: ['stayTo'] });
  }
  if (p.bookFrom && p.bookTo && p.bookTo < p.bookFrom) {
    ctx.addIssue({ code: 'custom', message: 'bookTo must not be before bookFrom', path: ['bookTo'] });
  }
}

/** POST /api/admin/promotions */
export const adminPromotionCreateSchema = z.object(promotionFields).strict().superRefine(checkPromotion);
export type AdminPromotionCreate = z.input<typeof adminPromotionCreateSchema>;

/** PATCH /api/admin/promotions/{id}: the fields to change (null clears a limit); `status` pauses or resumes. */
export const adminPromotionPatchSchema = z
  .object({
    ...promotionFields,
    code: promotionFields.code.optional(),
    kind: promotionFields.kind.optional(),
    value: promotionFields.value.optional(),
    status: z.enum(['active', 'paused'], { error: "status must be 'active' or 'paused'" }).optional(),
  })
  .strict()
  .superRefine(checkPromotion);
export type AdminPromotionPatch = z.input<typeof adminPromotionPatchSchema>;

export const adminPromotionParamsSchema = z.object({ id: z.string().uuid({ error: 'Not a promotion id' }) }).strict();

export const adminPromotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number(),
  minNights: z.number().int().nullable(),
  stayFrom: z.string().nullable(),
  stayTo: z.string().nullable(),
  bookFrom: z.string().nullable(),
  bookTo: z.string().nullable(),
  homes: z.array(z.string()),
  collections: z.array(z.string()),
  maxUses: z.number().int().nullable(),
  maxUsesPerGuest: z.number().int().nullable(),
  combinable: z.boolean(),
  status: z.enum(['active', 'paused']),
  /** A returning guest's personal code: only this e-mail may use it. */
  guestEmail: z.string().nullable(),
  createdAt: z.string(),
  /** Uses that count now: booked, or reserved by a payment under way. */
  uses: z.number().int(),
  /** Bookings made with it (not cancelled), their totals and the discount they were given, dollars. */
  bookings: z.number().int(),
  revenue: z.number(),
  discountGiven: z.number(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionListSchema = z.object({ promotions: z.array(adminPromotionSchema) });
export type AdminPromotionList = z.infer<typeof adminPromotionListSchema>;

export const adminRedemptionSchema = z.object({
  id: z.string(),
  /** `redeemed` once booked; `reserved` while a payment is under way. */
  status: z.enum(['reserved', 'redeemed']),
  createdAt: z.string(),
  email: z.string().nullable(),
  discount: z.number(),
  booking: z
    .object({
      id: z.string(),
      code: z.string(),
      propertyName: z.string(),
      checkIn: z.string(),
      checkOut: z.string(),
      total: z.number(),
      status: z.enum(['confirmed', 'cancelled']),
    })
    .nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export const adminRedemptionListSchema = z.object({ redemptions: z.array(adminRedemptionSchema) });
export type AdminRedemptionList = z.infer<typeof adminRedemptionListSchema>;

/** Settings of the returning guests' personal codes (issue 26 item 6). */
export const personalCodeSettingsSchema = z
  .object({
    percent: z.number().positive().max(maxPercent).refine(isWholeCents),
    validDays: z.number().int().min(1).max(730),
  })
  .strict();
export type PersonalCodeSettings = z.infer<typeof personalCodeSettingsSchema>;

/**
 * The returning-guest offer as the console sets it (GET and PUT
 * /api/admin/promotions/returning-guests): whether a guest is offered a
 * personal code after a stay, and its percentage and validity. The guest
 * messages send it; until they are on, nothing is offered.
 */
export const returningGuestOfferSchema = personalCodeSettingsSchema.extend({ enabled: z.boolean() }).strict();
export type ReturningGuestOffer = z.infer<typeof returningGuestOfferSchema>;

/** What a company that never set it offers: nothing, with a sensible code ready to turn on. */
export const defaultReturningGuestOffer: ReturningGuestOffer = { enabled: false, percent: 10, validDays: 365 };
