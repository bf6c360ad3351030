import { describe, expect, it } from 'vitest';
import { priceStay, taxCents, type RateCard } from './pricing.js';
import {
  adminTaxLinesSchema,
  combinedTaxLine,
  itemiseTaxes,
  refundedTaxes,
  shareCents,
  taxRuleFromAdmin,
  type TaxLineRule,
} from './taxes.js';

const line = (name: string, rateBps: number, extra: Partial<TaxLineRule> = {}): TaxLineRule => ({
  name,
  jurisdiction: name,
  rateBps,
  cleaningTaxable: true,
  addOnsTaxable: false,
  exemptFromNights: null,
  ...extra,
});

describe('shareCents', () => {
  it('shares by largest remainder and always adds up', () => {
    expect(shareCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareCents(7, [0, 0])).toEqual([7, 0]);
    expect(shareCents(0, [5, 5])).toEqual([0, 0]);
    const parts = shareCents(19_509, [290, 200, 75, 72, 250, 340]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(19_509);
  });
});

describe('itemiseTaxes', () => {
  it('owes exactly the combined rate when every line taxes the same amount', () => {
    const lines = [
      line('State', 290),
      line('County', 200),
      line('Transit', 75),
      line('Housing', 72),
      line('Town', 250),
      line('Lodging', 340),
    ];
    for (const rent of [1, 999, 123_457, 159_000 - 15_000]) {
      const taxed = itemiseTaxes(lines, { nights: 3, rent, cleaning: 15_000, addOns: 0 });
      expect(taxed.total).toBe(taxCents(rent + 15_000, 1227));
      expect(taxed.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(taxed.total);
    }
  });

  it('leaves cleaning and add-ons out of the lines that do not tax them, and exempts long stays', () => {
    const taxed = itemiseTaxes(
      [
        line('State', 600, { cleaningTaxable: false, exemptFromNights: 30 }),
        line('Local', 500, { addOnsTaxable: true }),
      ],
      { nights: 30, rent: 300_000, cleaning: 20_000, addOns: 10_000 },
    );
    expect(taxed.lines.map((l) => [l.taxableCents, l.exemptCents, l.amountCents])).toEqual([
      [0, 300_000, 0],
      [330_000, 0, 16_500],
    ]);
    expect(taxed.total).toBe(16_500);
    const short = itemiseTaxes([line('State', 600, { cleaningTaxable: false, exemptFromNights: 30 })], {
      nights: 29,
      rent: 300_000,
      cleaning: 20_000,
      addOns: 10_000,
    });
    expect(short.total).toBe(18_000);
  });
});

describe('refundedTaxes', () => {
  it('returns tax in proportion to the refund, shared between the lines', () => {
    const lines = [{ amountCents: 1_001 }, { amountCents: 500 }];
    expect(refundedTaxes(lines, 5_000, 10_000)).toEqual({ total: 751, lines: [501, 250] });
    expect(refundedTaxes(lines, 10_000, 10_000).total).toBe(1_501);
    expect(refundedTaxes(lines, 20_000, 10_000).total).toBe(1_501);
    expect(refundedTaxes(lines, 0, 10_000).total).toBe(0);
    expect(refundedTaxes(lines, 100, 0).total).toBe(0);
  });
});

describe('priceStay with tax lines', () => {
  const rates: RateCard = {
    nightly: 20_000,
    weekend: 20_000,
    cleaningFee: 10_000,
    minStay: 1,
    taxRateBps: 1000,
    taxName: 'Combined',
    seasons: [],
  };
  const input = {
    checkIn: '2030-01-07',
    checkOut: '2030-01-09',
    guests: { adults: 2, children: 0, infants: 0, pets: 0 },
    today: '2030-01-01',
    unavailableNights: [],
    maxGuests: 4,
    petsAllowed: false,
  } as const;

  it('keeps the combined rate as the one line of a home without lines', () => {
    const result = priceStay({ ...input, rates });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.quote.taxes).toBe(5_000);
    const { name, jurisdiction, rateBps } = combinedTaxLine('Combined', 1000);
    expect(result.quote.taxLines).toEqual([
      { name, jurisdiction, rateBps, taxableCents: 50_000, exemptCents: 0, amountCents: 5_000 },
    ]);
  });

  it('itemises the lines, taxes add-ons where a line says so, and keeps taxes their total', () => {
    const result = priceStay({
      ...input,
      rates: {
        ...rates,
        taxLines: [line('State', 600, { cleaningTaxable: false }), line('Local', 500, { addOnsTaxable: true })],
      },
      addOnsCents: 2_000,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.quote.taxLines.map((l) => l.amountCents)).toEqual([2_400, 2_600]);
    expect(result.quote.taxes).toBe(5_000);
    expect(result.quote.taxRateBps).toBe(1100);
    expect(result.quote.total).toBe(40_000 + 10_000 + 5_000);
  });
});

describe('adminTaxLinesSchema', () => {
  const valid = {
    name: 'Sales tax',
    jurisdiction: 'Colorado',
    rate: 2.9,
    cleaningTaxable: true,
    addOnsTaxable: false,
    exemptFromNights: 30,
  };
  it('reads percent with two decimals as basis points', () => {
    expect(taxRuleFromAdmin(adminTaxLinesSchema.parse([valid])[0]!).rateBps).toBe(290);
  });
  it('refuses a third decimal, a duplicate line and a negative rate', () => {
    expect(adminTaxLinesSchema.safeParse([{ ...valid, rate: 2.905 }]).success).toBe(false);
    expect(adminTaxLinesSchema.safeParse([valid, valid]).success).toBe(false);
    expect(adminTaxLinesSchema.safeParse([{ ...valid, rate: -1 }]).success).toBe(false);
  });
});
