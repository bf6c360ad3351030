// Lodging taxes by jurisdiction (issue 29): a home's list of tax lines, each
// with its own authority, rate and rules, itemised on every quote and
// booking. `taxes` (SPEC.md) stays their total.
//
// Rules decided here (ADR 046):
// - Each line taxes the rent after discounts, plus the cleaning fee and the
//   add-ons when the line says so; a stay of `exemptFromNights` nights or
//   more owes nothing to that line (Colorado and Michigan exempt stays of
//   30 days or more).
// - The total is rounded once, half up, from the exact sum of the lines, and
//   the cents are then shared between the lines by largest remainder. So a
//   home whose lines all tax the same amount owes exactly what one combined
//   rate gave before (ADR 007: the tax line never drifts by rounding), and
//   the lines always add up to the total.
// - A refund returns tax in proportion to what it returns of the stay, and
//   that tax is shared between the lines the same way.
import { z } from 'zod';
import { centsToDollars } from './money.js';

/** One tax a home collects, as stored (rate in basis points). */
export interface TaxLineRule {
  name: string;
  /** The authority it is filed with, e.g. 'Town of Breckenridge'. */
  jurisdiction: string;
  /** Basis points: 340 is 3.40%. */
  rateBps: number;
  cleaningTaxable: boolean;
  addOnsTaxable: boolean;
  /** Stays of this many nights or more owe nothing to this line; null when none are exempt. */
  exemptFromNights: number | null;
}

/** One tax line of a priced stay, in cents. */
export interface TaxAmount {
  name: string;
  jurisdiction: string;
  rateBps: number;
  /** What the line taxed; 0 when the stay is exempt from it. */
  taxableCents: number;
  /** Rent the line would have taxed had the stay not been exempt (the tax return's exempt rent). */
  exemptCents: number;
  amountCents: number;
}

export interface TaxableStay {
  nights: number;
  /** Nights after discounts, cents. */
  rent: number;
  cleaning: number;
  addOns: number;
}

/**
 * Shares `total` cents between parts in proportion to `weights` (largest
 * remainder, earlier parts first on ties). The parts always add up to the
 * total; all-zero weights give everything to the first part.
 */
export function shareCents(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map((value) => Math.floor(value));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts;
}

/** The single line a home without its own list collects: its combined rate on nights and cleaning. */
export function combinedTaxLine(name: string, rateBps: number): TaxLineRule {
  return { name, jurisdiction: name, rateBps, cleaningTaxable: true, addOnsTaxable: false, exemptFromNights: null };
}

/** Taxes of a stay, line by line, and their total (cents). */
export function itemiseTaxes(rules: readonly TaxLineRule[], stay: TaxableStay): { lines: TaxAmount[]; total: number } {
  const bases = rules.map((rule) => {
    const base = stay.rent + (rule.cleaningTaxable ? stay.cleaning : 0) + (rule.addOnsTaxable ? stay.addOns : 0);
    const exempt = rule.exemptFromNights !== null && stay.nights >= rule.exemptFromNights;
    return { taxable: exempt ? 0 : base, exempt: exempt ? base : 0 };
  });
  // Exact tax in 1/10,000 of a cent: integers far below 2^53 for any real stay.
  const exact = rules.map((rule, index) => (bases[index]?.taxable ?? 0) * rule.rateBps);
  const total = Math.floor((exact.reduce((a, b) => a + b, 0) + 5_000) / 10_000);
  const amounts = shareCents(total, exact);
  return {
    lines: rules.map((rule, index) => ({
      name: rule.name,
      jurisdiction: rule.jurisdiction,
      rateBps: rule.rateBps,
      taxableCents: bases[index]?.taxable ?? 0,
      exemptCents: bases[index]?.exempt ?? 0,
      amountCents: amounts[index] ?? 0,
    })),
    total,
  };
}

/** The sum of the rates that applied (basis points): the quote's `financials.tax_rate`. */
export function appliedRateBps(lines: readonly TaxAmount[]): number {
  return lines.reduce((sum, line) => sum + (line.taxableCents > 0 ? line.rateBps : 0), 0);
}

/**
 * The tax a refund of `refundCents` out of `paidCents` returns, in
 * proportion, and its share per line. Never more than the tax itself.
 */
export function refundedTaxes(
  lines: readonly Pick<TaxAmount, 'amountCents'>[],
  refundCents: number,
  paidCents: number,
): { total: number; lines: number[] } {
  const taxes = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const total =
    paidCents <= 0
      ? 0
      : Math.min(taxes, Math.floor((taxes * Math.min(refundCents, paidCents) * 2 + paidCents) / (2 * paidCents)));
  return {
    total,
    lines: shareCents(
      total,
      lines.map((line) => line.amountCents),
    ),
  };
}

/** Percent with at most two decimals, from basis points: 1227 -> 12.27. */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

/** Tax lines in the API's shape (dollars, rate in percent). */
export function taxLinesToApi(lines: readonly TaxAmount[]): TaxLineResponse[] {
  return lines.map((line) => ({
    name: line.name,
    jurisdiction: line.jurisdiction,
    rate: bpsToPercent(line.rateBps),
    amount: centsToDollars(line.amountCents),
  }));
}

// API -----------------------------------------------------------------------------

/** Most tax lines one home may have. */
export const maxTaxLines = 12;

/** GET/PUT /api/admin/properties/{id}/taxes: one line; rate in percent with at most two decimals. */
export const adminTaxLineSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'name must not be empty' }).max(120),
    jurisdiction: z.string().trim().min(1, { error: 'jurisdiction must not be empty' }).max(120),
    rate: z
      .number()
      .min(0, { error: 'rate is a percentage from 0 to 100' })
      .max(100, { error: 'rate is a percentage from 0 to 100' })
      .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, {
        error: 'rate has at most two decimals (basis points)',
      }),
    cleaningTaxable: z.boolean(),
    addOnsTaxable: z.boolean(),
    exemptFromNights: z.number().int().min(1).max(366).nullable(),
  })
  .strict();
export type AdminTaxLine = z.infer<typeof adminTaxLineSchema>;

export const adminTaxLinesSchema = z
  .array(adminTaxLineSchema)
  .max(maxTaxLines, { error: `A home has at most ${maxTaxLines} tax lines` })
  .refine((lines) => new Set(lines.map((line) => `${line.jurisdiction}\u0000${line.name}`)).size === lines.length, {
    error: 'Two tax lines have the same jurisdiction and name',
  });

export function taxRuleFromAdmin(line: AdminTaxLine): TaxLineRule {
  return {
    name: line.name,
    jurisdiction: line.jurisdiction,
    rateBps: Math.round(line.rate * 100),
    cleaningTaxable: line.cleaningTaxable,
    addOnsTaxable: line.addOnsTaxable,
    exemptFromNights: line.exemptFromNights,
  };
}

export function adminTaxLineFromRule(rule: TaxLineRule): AdminTaxLine {
  return {
    name: rule.name,
    jurisdiction: rule.jurisdiction,
    rate: bpsToPercent(rule.rateBps),
    cleaningTaxable: rule.cleaningTaxable,
    addOnsTaxable: rule.addOnsTaxable,
    exemptFromNights: rule.exemptFromNights,
  };
}

/** One tax line of a quote, payment or booking as the API answers it (dollars; rate in percent). */
export const taxLineSchema = z.object({
  name: z.string(),
  jurisdiction: z.string(),
  rate: z.number(),
  amount: z.number(),
});
export type TaxLineResponse = z.infer<typeof taxLineSchema>;
