import { describe, expect, it } from 'vitest';
import { adminRatesFromCard, adminRatesSchema, isWholeCents, rateCardFromAdmin, type AdminRates } from './rates.js';

const rates: AdminRates = {
  baseNightly: 310.5,
  weekendNightly: 355,
  cleaningFee: 19.99,
  minStay: 2,
  taxRate: 12.27,
  taxName: 'Lodging tax',
  seasons: [
    { name: 'Winter', from: '2027-12-01', to: '2028-01-01', nightly: 500, weekendNightly: 600, minStay: 4 },
    { name: 'Summer', from: '2027-06-15', to: '2027-09-01', nightly: 400, weekendNightly: 450, minStay: 3 },
  ],
};

const issues = (value: unknown) => adminRatesSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('adminRatesSchema', () => {
  it('accepts rates in dollars with cents, seasons in any order', () => {
    expect(issues(rates)).toEqual([]);
  });

  it('refuses overlapping seasons, naming both', () => {
    const overlapping = {
      ...rates,
      seasons: [...rates.seasons, { ...rates.seasons[0], name: 'Holidays', from: '2027-12-31', to: '2028-01-02' }],
    };
    expect(issues(overlapping)).toEqual(['Seasons "Winter" and "Holidays" overlap: a night can be in one season only']);
  });

  it('lets one season start the night another ends (to is exclusive)', () => {
    const touching = {
      ...rates,
      seasons: [...rates.seasons, { ...rates.seasons[0], name: 'New year', from: '2028-01-01', to: '2028-01-05' }],
    };
    expect(issues(touching)).toEqual([]);
  });

  it('refuses a season that ends before it starts, sub-cent amounts and negative ones', () => {
    expect(issues({ ...rates, seasons: [{ ...rates.seasons[0], to: '2027-12-01' }] })).toEqual([
      'A season ends after it starts (to is after from)',
    ]);
    expect(issues({ ...rates, cleaningFee: 0.001 })).toEqual(['cleaningFee has at most two decimals']);
    expect(issues({ ...rates, baseNightly: -5 })).toEqual(['baseNightly cannot be negative']);
    expect(issues({ ...rates, taxRate: 12.275 })).toEqual(['taxRate has at most two decimals']);
  });
});

describe('isWholeCents', () => {
  it('tells whole cents from fractions, despite binary floating point', () => {
    expect([19.99, 0.1, 0.3, 1_000_000, 0].every(isWholeCents)).toBe(true);
    expect([0.001, 1.005, Number.NaN, Number.POSITIVE_INFINITY].some(isWholeCents)).toBe(false);
  });
});

describe('rate cards', () => {
  it('converts to cents and basis points, seasons in date order, and back unchanged', () => {
    const card = rateCardFromAdmin(rates);
    expect(card).toMatchObject({ nightly: 31_050, weekend: 35_500, cleaningFee: 1_999, taxRateBps: 1_227 });
    expect(card.seasons.map((s) => s.name)).toEqual(['Summer', 'Winter']);
    expect(adminRatesFromCard(card)).toEqual({ ...rates, seasons: [rates.seasons[1], rates.seasons[0]] });
  });
});
