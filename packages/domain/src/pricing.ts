// Pricing a stay from a home's rates: nightly lines, cleaning fee, taxes,
// total, all in integer cents, plus the business rules that make a stay
// impossible (the answer the quote endpoint gives as 422). Pure: the caller
// passes today's date in the home's time zone and the nights already taken.
//
// Rules decided here (ADR 007):
// - A night is priced by the season it falls in (seasons never overlap; the
//   database refuses overlapping seasons of one home), else by the home's
//   regular rate. Friday and Saturday nights take the weekend rate.
// - The minimum stay that applies is the one of the check-in night: a stay
//   that starts the day before the Christmas season needs only the regular
//   minimum, one that starts inside it needs the season's.
// - Taxes are the home's tax lines (taxes.ts, issue 29), or its one combined
//   rate on nights + cleaning fee when it has none, rounded once half up to
//   the cent, so the tax never drifts by the sum of per-night rounding errors.
import { currency, defaultMinStay } from './constants.js';
import { eachNight, isIsoDate, nightsBetween, weekdayOf, type IsoDate } from './dates.js';
import { pluralize } from './display.js';
import { centsToDollars, nightlyPrice } from './money.js';
import {
  discountStay,
  fillsGap,
  type DiscountLine,
  type HomeDiscounts,
  type PromoContext,
  type PromoInput,
  type PromoOutcome,
} from './promotions.js';
import type { QuoteResponse } from './quote.js';
import {
  appliedRateBps,
  bpsToPercent,
  combinedTaxLine,
  itemiseTaxes,
  taxLinesToApi,
  type TaxAmount,
  type TaxLineRule,
} from './taxes.js';

/** Longest stay sold online; longer ones are arranged by phone. */
export const maxStayNights = 60;

/** A dated season with its own rates. `end` is exclusive, like a stay's check-out. */
export interface SeasonRate {
  name: string;
  start: IsoDate;
  end: IsoDate;
  /** Cents per Sunday-to-Thursday night. */
  nightly: number;
  /** Cents per Friday or Saturday night. */
  weekend: number;
  minStay: number;
}

/** Everything that prices a stay at one home; amounts in cents. */
export interface RateCard {
  nightly: number;
  weekend: number;
  cleaningFee: number;
  minStay: number;
  /** Tax on nights plus fees, in basis points (1% = 100). */
  taxRateBps: number;
  /** Name of the tax jurisdiction, shown beside the tax line. */
  taxName: string;
  /** The home's tax lines (issue 29); when empty or left out, the combined rate above is the one line. */
  taxLines?: readonly TaxLineRule[] | undefined;
  seasons: readonly SeasonRate[];
  /** The home's automatic discounts (issue 26); none when left out. */
  discounts?: HomeDiscounts | undefined;
}

export interface GuestCounts {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

export interface NightlyLine {
  date: IsoDate;
  price: number;
  /** Name of the season the night falls in; null at the regular rate. */
  season: string | null;
  weekend: boolean;
}

/** A priced stay, in cents. */
export interface Quote {
  checkIn: IsoDate;
  checkOut: IsoDate;
  nights: number;
  nightly: NightlyLine[];
  /** Sum of the nightly lines, before discounts. */
  base: number;
  /** The discounts taken off the nights (issue 26), and their sum. */
  discounts: DiscountLine[];
  discount: number;
  /** What became of the promo code sent, if one was. */
  promo?: PromoOutcome;
  /** The cleaning fee. */
  fees: number;
  taxes: number;
  total: number;
  currency: typeof currency;
  /** The minimum stay that applied (the check-in night's). */
  minStay: number;
  cleaningFee: number;
  /** The rates of the lines that applied, summed. */
  taxRateBps: number;
  taxName: string;
  /** The taxes line by line (issue 29); they add up to `taxes`. */
  taxLines: TaxAmount[];
}

export type PricingErrorCode =
  | 'invalid_dates'
  | 'checkout_not_after_checkin'
  | 'checkin_in_past'
  | 'stay_too_long'
  | 'adults_required'
  | 'too_many_guests'
  | 'pets_not_allowed'
  | 'dates_unavailable'
  | 'below_min_stay';

export interface PricingError {
  code: PricingErrorCode;
  /** Shown to the guest as is. */
  message: string;
}

export type PriceResult = { ok: true; quote: Quote } | { ok: false; error: PricingError };

export interface PriceStayInput {
  checkIn: IsoDate;
  checkOut: IsoDate;
  guests: GuestCounts;
  rates: RateCard;
  /** Today's date where the home is (todayIn(home.timeZone)). */
  today: IsoDate;
  /** Nights already taken (reservations, live holds, owner blocks). */
  unavailableNights: ReadonlySet<IsoDate> | readonly IsoDate[];
  maxGuests: number;
  petsAllowed: boolean;
  /** The promo code sent, resolved by the server (issue 26). */
  promo?: PromoInput | undefined;
  /** The home's id and collections, which a code may be limited to. */
  home?: PromoContext | undefined;
  /** Add-ons bought with the stay (cents), taxed by the lines that tax add-ons; 0 when left out. */
  addOnsCents?: number | undefined;
}

function fail(code: PricingErrorCode, message: string): PriceResult {
  return { ok: false, error: { code, message } };
}

/** The wording for a stay below the minimum, the same whichever side stops it (the booking panel or the quote). */
export function minimumStayMessage(minStay: number): string {
  return `This home has a minimum stay of ${pluralize(minStay, 'night')} for these dates.`;
}

/**
 * Rules that depend only on the dates, the same for every home (the search
 * answers 422 with these before looking at any home). Null when they pass.
 */
export function checkStayDates(checkIn: IsoDate, checkOut: IsoDate, today: IsoDate): PricingError | null {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut) || !isIsoDate(today)) {
    return { code: 'invalid_dates', message: 'Dates must be calendar dates written as YYYY-MM-DD.' };
  }
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) return { code: 'checkout_not_after_checkin', message: 'Check-out must be after check-in.' };
  // ISO dates compare correctly as strings.
  if (checkIn < today) return { code: 'checkin_in_past', message: 'Check-in cannot be in the past.' };
  if (nights > maxStayNights) {
    return {
      code: 'stay_too_long',
      message: `Stays can be booked online for up to ${maxStayNights} nights. Please call us for a longer stay.`,
    };
  }
  return null;
}

/** The season a night falls in, if any. */
export function seasonOf(rates: Pick<RateCard, 'seasons'>, night: IsoDate): SeasonRate | undefined {
  return rates.seasons.find((s) => s.start <= night && night < s.end);
}

/** Minimum stay for a stay checking in on `checkIn`: the check-in night's season's, else the home's. */
export function minStayFor(rates: Pick<RateCard, 'seasons' | 'minStay'>, checkIn: IsoDate): number {
  return seasonOf(rates, checkIn)?.minStay ?? rates.minStay;
}

/** Friday and Saturday nights: the nights before a Saturday or a Sunday. */
export function isWeekendNight(night: IsoDate): boolean {
  // A calendar date's weekday, computed at UTC midnight so no offset can shift it.
  const weekday = weekdayOf(night);
  return weekday === 5 || weekday === 6;
}

/** Tax in cents on a taxable amount in cents, rounded half up to the cent. */
export function taxCents(taxableCents: number, rateBps: number): number {
  if (!Number.isSafeInteger(taxableCents) || taxableCents < 0 || !Number.isSafeInteger(rateBps) || rateBps < 0) {
    throw new RangeError(`taxCents needs whole non-negative cents and basis points, got ${taxableCents}, ${rateBps}`);
  }
  // Integer arithmetic: cents x basis points stays far below 2^53 for any real stay.
  return Math.floor((taxableCents * rateBps + 5_000) / 10_000);
}

/** The tax lines a home collects: its own list, else its one combined rate. */
export function taxRulesOf(rates: Pick<RateCard, 'taxLines' | 'taxName' | 'taxRateBps'>): readonly TaxLineRule[] {
  return rates.taxLines && rates.taxLines.length > 0
    ? rates.taxLines
    : [combinedTaxLine(rates.taxName, rates.taxRateBps)];
}

/**
 * The quote with the add-ons bought with it taxed by the lines that tax
 * add-ons (the quote itself is priced without add-ons). The same quote when
 * no line does.
 */
export function taxAddOns(quote: Quote, rules: readonly TaxLineRule[], addOnsCents: number): Quote {
  if (addOnsCents <= 0 || !rules.some((rule) => rule.addOnsTaxable)) return quote;
  const taxed = itemiseTaxes(rules, {
    nights: quote.nights,
    rent: quote.base - quote.discount,
    cleaning: quote.fees,
    addOns: addOnsCents,
  });
  return {
    ...quote,
    taxes: taxed.total,
    taxLines: taxed.lines,
    taxRateBps: appliedRateBps(taxed.lines),
    total: quote.base - quote.discount + quote.fees + taxed.total,
  };
}

/** Prices the nights of a stay without checking any rule. */
export function priceNights(rates: RateCard, checkIn: IsoDate, checkOut: IsoDate): NightlyLine[] {
  return eachNight(checkIn, checkOut).map((date) => {
    const season = seasonOf(rates, date);
    const weekend = isWeekendNight(date);
    const nightly = season?.nightly ?? rates.nightly;
    const weekendRate = season?.weekend ?? rates.weekend;
    return { date, price: weekend ? weekendRate : nightly, season: season?.name ?? null, weekend };
  });
}

/**
 * Prices a stay, or says which rule it breaks. Rules are checked in the order
 * a guest can fix them: the dates themselves, then the party, then whether
 * the nights are free, then the minimum stay.
 */
export function priceStay(input: PriceStayInput): PriceResult {
  const { checkIn, checkOut, guests, rates } = input;
  const dateError = checkStayDates(checkIn, checkOut, input.today);
  if (dateError) return { ok: false, error: dateError };

  if (guests.adults < 1) return fail('adults_required', 'At least one adult must be on the reservation.');
  // Infants sleep in a crib, so they do not count towards the home's capacity.
  if (guests.adults + guests.children > input.maxGuests) {
    return fail('too_many_guests', `This home sleeps at most ${pluralize(input.maxGuests, 'guest')}.`);
  }
  if (guests.pets > 0 && !input.petsAllowed) return fail('pets_not_allowed', 'Pets are not allowed at this home.');

  const taken = input.unavailableNights instanceof Set ? input.unavailableNights : new Set(input.unavailableNights);
  const nights = eachNight(checkIn, checkOut);
  if (nights.some((night) => taken.has(night))) {
    return fail('dates_unavailable', 'Some of these dates are not available.');
  }

  const minStay = Math.max(defaultMinStay, minStayFor(rates, checkIn));
  // A gap between two stays may be booked below the minimum stay (issue 26);
  // the caller passes the nights either side of the stay for it to be seen.
  const gap = fillsGap(rates.discounts, checkIn, checkOut, taken);
  if (nights.length < minStay && !gap) {
    return fail('below_min_stay', minimumStayMessage(minStay));
  }

  const nightly = priceNights(rates, checkIn, checkOut);
  const base = nightly.reduce((sum, line) => sum + line.price, 0);
  const fees = rates.cleaningFee;
  const discounted = discountStay(
    { checkIn, checkOut, today: input.today, base, fillsGap: gap },
    rates.discounts,
    input.promo,
    input.home ?? { homeId: '', collections: [] },
  );
  // The cleaning fee is never discounted; taxes are on what the guest pays.
  const taxed = itemiseTaxes(taxRulesOf(rates), {
    nights: nightly.length,
    rent: base - discounted.total,
    cleaning: fees,
    addOns: input.addOnsCents ?? 0,
  });
  const taxes = taxed.total;
  return {
    ok: true,
    quote: {
      checkIn,
      checkOut,
      nights: nightly.length,
      nightly,
      base,
      discounts: discounted.lines,
      discount: discounted.total,
      ...(discounted.promo ? { promo: discounted.promo } : {}),
      fees,
      taxes,
      total: base - discounted.total + fees + taxes,
      currency,
      minStay,
      cleaningFee: rates.cleaningFee,
      taxRateBps: appliedRateBps(taxed.lines),
      taxName: rates.taxName,
      taxLines: taxed.lines,
    },
  };
}

/** The API shape of a quote (@sas/domain quote.ts): dollars, field names of SPEC.md. */
export function quoteToApi(quote: Quote): QuoteResponse {
  return {
    checkin_date: quote.checkIn,
    checkout_date: quote.checkOut,
    nights: quote.nights,
    nightly: quote.nightly.map((line) => ({
      date: line.date,
      price: centsToDollars(line.price),
      season: line.season,
      weekend: line.weekend,
    })),
    basePrice: centsToDollars(quote.base),
    fees: centsToDollars(quote.fees),
    taxes: centsToDollars(quote.taxes),
    taxLines: taxLinesToApi(quote.taxLines),
    total: centsToDollars(quote.total),
    currency: quote.currency,
    discounts: discountsToApi(quote.discounts),
    ...(quote.promo ? { promo: quote.promo } : {}),
    financials: {
      min_stay: quote.minStay,
      cleaning_fee: centsToDollars(quote.cleaningFee),
      tax_rate: bpsToPercent(quote.taxRateBps),
      tax_name: quote.taxName,
      // SPEC.md section 5: nightly price = base price divided by nights.
      average_nightly: centsToDollars(nightlyPrice(quote.base, quote.nights)),
    },
  };
}

/** Discount lines in dollars, as the quote, the search and the payment answer them. */
export function discountsToApi(
  lines: readonly DiscountLine[],
): { kind: DiscountLine['kind']; name: string; amount: number }[] {
  return lines.map((line) => ({ kind: line.kind, name: line.name, amount: centsToDollars(line.amount) }));
}
