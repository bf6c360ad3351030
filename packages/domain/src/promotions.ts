// Discounts of a stay (issue 26, ADR 042): a home's automatic discounts and
// promo codes, applied by priceStay so the quote, the search and the payment
// price a stay one way. Pure: the server resolves a code from the database
// (unknown, paused, used up) and passes what it found.
//
// Rules decided here:
// - At most one automatic discount applies: the one worth most to the guest
//   (on a tie, the first of weekly, monthly, last-minute, early-bird, gap).
// - Discounts reduce the nights' subtotal only; the cleaning fee is never
//   discounted, and taxes are computed on what the guest pays.
// - A code that is not `combinable` competes with the automatic discount:
//   the larger saving applies (the automatic one on a tie), and the answer
//   says which. A combinable code applies after the automatic discount, to
//   what is left of the nights.
// - Percentages are basis points (1% = 100), amounts cents; each discount is
//   rounded half up to the cent and never takes the nights below zero.
// - Last-minute: check-in at most `days` days after today (the home's).
//   Early-bird: check-in at least `days` days after today. Weekly: 7 nights
//   or more; monthly: 28 or more. Gap: the stay fills, exactly, a gap of at
//   most `maxGap` nights between two taken nights.
import { addDays, nightsBetween, type IsoDate } from './dates.js';
import { pluralize } from './display.js';
import { formatUsd } from './money.js';

export const automaticDiscountKinds = ['weekly', 'monthly', 'lastMinute', 'earlyBird', 'gapNight'] as const;
export type AutomaticDiscountKind = (typeof automaticDiscountKinds)[number];
export type DiscountKind = AutomaticDiscountKind | 'code';

export const weeklyDiscountNights = 7;
export const monthlyDiscountNights = 28;
export const maxGapNights = 3;
/** Highest percentage of any discount, in basis points: a typo guard. */
export const maxDiscountBps = 9_000;

/** A home's automatic discounts; basis points, 0 or null is off. */
export interface HomeDiscounts {
  weeklyBps: number;
  monthlyBps: number;
  lastMinute: { days: number; bps: number } | null;
  earlyBird: { days: number; bps: number } | null;
  /** A gap of 1 to maxGap nights between two stays may be booked below the minimum stay. */
  gapNights: { maxGap: number; bps: number } | null;
}

export const noDiscounts: HomeDiscounts = {
  weeklyBps: 0,
  monthlyBps: 0,
  lastMinute: null,
  earlyBird: null,
  gapNights: null,
};

/** One discount line of a priced stay, in cents (positive). */
export interface DiscountLine {
  kind: DiscountKind;
  name: string;
  amount: number;
}

/** A promo code's rules as pricing needs them (the server's promotions row). */
export interface PromoRule {
  /** As staff wrote it. */
  code: string;
  kind: 'percent' | 'amount';
  /** Basis points for a percentage, cents for an amount. */
  value: number;
  minNights: number | null;
  /** Earliest check-in. */
  stayFrom: IsoDate | null;
  /** Latest check-out. */
  stayTo: IsoDate | null;
  /** First and last day (the home's) a booking may use the code. */
  bookFrom: IsoDate | null;
  bookTo: IsoDate | null;
  /** Homes (ids) the code is for; with `collections`, both empty means every home. */
  homes: readonly string[];
  collections: readonly string[];
  combinable: boolean;
}

/** The code the guest sent: its rule, or why the server already refused it. */
export type PromoInput = { code: string; rule: PromoRule } | { code: string; refusal: string };

/** What became of a code: `reason` says why it was refused, or what it replaced. */
export interface PromoOutcome {
  code: string;
  applied: boolean;
  reason?: string;
}

export const promoMessages = {
  unknown: (code: string) => `We don't know the code ${code}. Check its spelling.`,
  expired: (code: string) => `The code ${code} has expired.`,
  notYet: (code: string, from: IsoDate) => `The code ${code} can be used from ${from}.`,
  dates: (code: string) => `The code ${code} is not valid for these dates.`,
  nights: (code: string, nights: number) => `The code ${code} needs a stay of at least ${pluralize(nights, 'night')}.`,
  home: (code: string) => `The code ${code} is not valid for this home.`,
  noLongerAvailable: (code: string) => `The code ${code} is no longer available.`,
  usedByGuest: (code: string) => `The code ${code} has already been used with this e-mail address.`,
  otherGuest: (code: string) => `The code ${code} belongs to another guest's e-mail address.`,
} as const;

/** A percentage of cents, rounded half up to the cent. */
export function percentOfCents(cents: number, bps: number): number {
  return Math.floor((cents * bps + 5_000) / 10_000);
}

const automaticNames: Record<AutomaticDiscountKind, (bps: number) => string> = {
  weekly: (bps) => `Weekly discount (${bps / 100}%)`,
  monthly: (bps) => `Monthly discount (${bps / 100}%)`,
  lastMinute: (bps) => `Last-minute discount (${bps / 100}%)`,
  earlyBird: (bps) => `Early-bird discount (${bps / 100}%)`,
  gapNight: (bps) => `Gap-night discount (${bps / 100}%)`,
};

export interface StayFacts {
  checkIn: IsoDate;
  checkOut: IsoDate;
  /** Today where the home is. */
  today: IsoDate;
  /** The nights' subtotal, cents. */
  base: number;
  /** The stay fills a gap between two taken nights exactly (see fillsGap). */
  fillsGap: boolean;
}

/** Whether a stay fills, exactly, a gap between two taken nights of at most `discounts`' maxGap nights. */
export function fillsGap(
  discounts: HomeDiscounts | undefined,
  checkIn: IsoDate,
  checkOut: IsoDate,
  taken: ReadonlySet<IsoDate>,
): boolean {
  const gap = discounts?.gapNights;
  if (!gap) return false;
  const nights = nightsBetween(checkIn, checkOut);
  return nights >= 1 && nights <= gap.maxGap && taken.has(addDays(checkIn, -1)) && taken.has(checkOut);
}

/** The automatic discount worth most to the guest, or null when none applies. */
export function bestAutomaticDiscount(
  discounts: HomeDiscounts | undefined,
  stay: StayFacts,
): (DiscountLine & { kind: AutomaticDiscountKind }) | null {
  if (!discounts) return null;
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  const daysAhead = nightsBetween(stay.today, stay.checkIn);
  const candidates: [AutomaticDiscountKind, number][] = [];
  if (nights >= weeklyDiscountNights && discounts.weeklyBps > 0) candidates.push(['weekly', discounts.weeklyBps]);
  if (nights >= monthlyDiscountNights && discounts.monthlyBps > 0) candidates.push(['monthly', discounts.monthlyBps]);
  if (discounts.lastMinute && daysAhead <= discounts.lastMinute.days && discounts.lastMinute.bps > 0) {
    candidates.push(['lastMinute', discounts.lastMinute.bps]);
  }
  if (discounts.earlyBird && daysAhead >= discounts.earlyBird.days && discounts.earlyBird.bps > 0) {
    candidates.push(['earlyBird', discounts.earlyBird.bps]);
  }
  if (stay.fillsGap && discounts.gapNights && discounts.gapNights.bps > 0) {
    candidates.push(['gapNight', discounts.gapNights.bps]);
  }
  let best: (DiscountLine & { kind: AutomaticDiscountKind }) | null = null;
  for (const [kind, bps] of candidates) {
    const amount = Math.min(stay.base, percentOfCents(stay.base, bps));
    if (amount > 0 && (!best || amount > best.amount)) best = { kind, name: automaticNames[kind](bps), amount };
  }
  return best;
}

export interface PromoContext {
  homeId: string;
  /** The home's collections (names). */
  collections: readonly string[];
}

/** Why a code's own rules refuse this stay, in words; null when they take it. */
export function promoRuleRefusal(rule: PromoRule, stay: StayFacts, home: PromoContext): string | null {
  const { code } = rule;
  if (rule.bookTo && stay.today > rule.bookTo) return promoMessages.expired(code);
  if (rule.bookFrom && stay.today < rule.bookFrom) return promoMessages.notYet(code, rule.bookFrom);
  if (rule.homes.length > 0 || rule.collections.length > 0) {
    const forHome =
      rule.homes.includes(home.homeId) || home.collections.some((name) => rule.collections.includes(name));
    if (!forHome) return promoMessages.home(code);
  }
  if ((rule.stayFrom && stay.checkIn < rule.stayFrom) || (rule.stayTo && stay.checkOut > rule.stayTo)) {
    return promoMessages.dates(code);
  }
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  if (rule.minNights !== null && nights < rule.minNights) return promoMessages.nights(code, rule.minNights);
  return null;
}

function codeLine(rule: PromoRule, subtotal: number): DiscountLine {
  const amount =
    rule.kind === 'percent' ? Math.min(subtotal, percentOfCents(subtotal, rule.value)) : Math.min(subtotal, rule.value);
  const name =
    rule.kind === 'percent'
      ? `Code ${rule.code} (${rule.value / 100}%)`
      : `Code ${rule.code} (${formatUsd(rule.value)} off)`;
  return { kind: 'code', name, amount };
}

const automaticLabel: Record<AutomaticDiscountKind, string> = {
  weekly: 'weekly discount',
  monthly: 'monthly discount',
  lastMinute: 'last-minute discount',
  earlyBird: 'early-bird discount',
  gapNight: 'gap-night discount',
};

export interface StayDiscounts {
  lines: DiscountLine[];
  /** Their sum, cents. */
  total: number;
  promo?: PromoOutcome;
}

/**
 * The discounts of a stay: the best automatic one and the code, by the
 * rules at the top of this file.
 */
export function discountStay(
  stay: StayFacts,
  discounts: HomeDiscounts | undefined,
  promo: PromoInput | undefined,
  home: PromoContext,
): StayDiscounts {
  const automatic = bestAutomaticDiscount(discounts, stay);
  const autoLines = automatic ? [automatic] : [];
  const done = (lines: DiscountLine[], outcome?: PromoOutcome): StayDiscounts => ({
    lines,
    total: lines.reduce((sum, line) => sum + line.amount, 0),
    ...(outcome ? { promo: outcome } : {}),
  });
  if (!promo) return done(autoLines);
  const code = 'rule' in promo ? promo.rule.code : promo.code;
  if (!('rule' in promo)) return done(autoLines, { code, applied: false, reason: promo.refusal });
  const refusal = promoRuleRefusal(promo.rule, stay, home);
  if (refusal) return done(autoLines, { code, applied: false, reason: refusal });

  if (promo.rule.combinable || !automatic) {
    const line = codeLine(promo.rule, stay.base - (automatic?.amount ?? 0));
    if (line.amount > 0) return done([...autoLines, line], { code, applied: true });
    return done(autoLines, { code, applied: false, reason: `The code ${code} takes nothing more off this stay.` });
  }
  const line = codeLine(promo.rule, stay.base);
  if (line.amount > automatic.amount) {
    return done([line], {
      code,
      applied: true,
      reason: `Used instead of the ${automaticLabel[automatic.kind]}, which saves less; they do not combine.`,
    });
  }
  return done(autoLines, {
    code,
    applied: false,
    reason: `The ${automaticLabel[automatic.kind]} saves more than the code ${code}, and they do not combine, so the ${automaticLabel[automatic.kind]} applies.`,
  });
}

/** Codes are compared without regard to case or surrounding spaces. */
export function normalizePromoCode(code: string): string {
  return code.trim().toLowerCase();
}

/** A home's discounts as the property_discounts columns store them. */
export interface DiscountColumns {
  weeklyBps: number;
  monthlyBps: number;
  lastMinuteDays: number | null;
  lastMinuteBps: number | null;
  earlyBirdDays: number | null;
  earlyBirdBps: number | null;
  gapMaxNights: number | null;
  gapBps: number | null;
}

export function discountsFromColumns(row: DiscountColumns): HomeDiscounts {
  return {
    weeklyBps: row.weeklyBps,
    monthlyBps: row.monthlyBps,
    lastMinute:
      row.lastMinuteDays !== null && row.lastMinuteBps !== null
        ? { days: row.lastMinuteDays, bps: row.lastMinuteBps }
        : null,
    earlyBird:
      row.earlyBirdDays !== null && row.earlyBirdBps !== null
        ? { days: row.earlyBirdDays, bps: row.earlyBirdBps }
        : null,
    gapNights: row.gapMaxNights !== null && row.gapBps !== null ? { maxGap: row.gapMaxNights, bps: row.gapBps } : null,
  };
}

export function columnsFromDiscounts(discounts: HomeDiscounts): DiscountColumns {
  return {
    weeklyBps: discounts.weeklyBps,
    monthlyBps: discounts.monthlyBps,
    lastMinuteDays: discounts.lastMinute?.days ?? null,
    lastMinuteBps: discounts.lastMinute?.bps ?? null,
    earlyBirdDays: discounts.earlyBird?.days ?? null,
    earlyBirdBps: discounts.earlyBird?.bps ?? null,
    gapMaxNights: discounts.gapNights?.maxGap ?? null,
    gapBps: discounts.gapNights?.bps ?? null,
  };
}

/** A discount as bookings and payment intents store it (cents). */
export interface StoredDiscountLine {
  kind: DiscountKind;
  name: string;
  amountCents: number;
}

export function discountLinesOf(stored: readonly StoredDiscountLine[]): DiscountLine[] {
  return stored.map((line) => ({ kind: line.kind, name: line.name, amount: line.amountCents }));
}

/**
 * The discounts of a home without its own, from its collections': for each
 * kind, the best for the guest (the highest percentage; for gap nights the
 * longest gap, then the highest percentage). Undefined when none has any.
 */
export function mergeDiscounts(list: readonly HomeDiscounts[]): HomeDiscounts | undefined {
  if (list.length === 0) return undefined;
  const best = <T extends { bps: number }>(items: (T | null)[], better = (a: T, b: T) => a.bps > b.bps) =>
    items.reduce<T | null>((found, item) => (item && (!found || better(item, found)) ? item : found), null);
  return {
    weeklyBps: Math.max(...list.map((d) => d.weeklyBps)),
    monthlyBps: Math.max(...list.map((d) => d.monthlyBps)),
    lastMinute: best(list.map((d) => d.lastMinute)),
    earlyBird: best(list.map((d) => d.earlyBird)),
    gapNights: best(
      list.map((d) => d.gapNights),
      (a, b) => a.maxGap > b.maxGap || (a.maxGap === b.maxGap && a.bps > b.bps),
    ),
  };
}
