// The discount rules of issue 26 at their edges, through priceStay: the one
// function the quote, the search and the payment price with.
import { describe, expect, it } from 'vitest';
import { priceStay, quoteToApi, type PriceStayInput, type RateCard } from './pricing.js';
import { mergeDiscounts, type HomeDiscounts, type PromoRule } from './promotions.js';
import { quoteResponseSchema } from './quote.js';

// A flat $100 a night every night, $150 cleaning, 10% tax, 3-night minimum.
// 2028-03-06 is a Monday.
const rates: RateCard = {
  nightly: 10_000,
  weekend: 10_000,
  cleaningFee: 15_000,
  minStay: 3,
  taxRateBps: 1000,
  taxName: 'Test tax',
  seasons: [],
};

const discounts: HomeDiscounts = {
  weeklyBps: 1000,
  monthlyBps: 2500,
  lastMinute: { days: 7, bps: 1500 },
  earlyBird: { days: 180, bps: 500 },
  gapNights: { maxGap: 2, bps: 2000 },
};

function input(overrides: Partial<PriceStayInput> = {}): PriceStayInput {
  return {
    checkIn: '2028-03-06',
    checkOut: '2028-03-09',
    guests: { adults: 2, children: 0, infants: 0, pets: 0 },
    rates: { ...rates, discounts },
    today: '2028-01-10',
    unavailableNights: [],
    maxGuests: 8,
    petsAllowed: false,
    home: { homeId: 'home-1', collections: ['resort'] },
    ...overrides,
  };
}

function rule(overrides: Partial<PromoRule> = {}): PromoRule {
  return {
    code: 'SPRING10',
    kind: 'percent',
    value: 1000,
    minNights: null,
    stayFrom: null,
    stayTo: null,
    bookFrom: null,
    bookTo: null,
    homes: [],
    collections: [],
    combinable: false,
    ...overrides,
  };
}

function price(overrides: Partial<PriceStayInput> = {}) {
  const result = priceStay(input(overrides));
  if (!result.ok) throw new Error(result.error.message);
  return result.quote;
}

describe('automatic discounts', () => {
  it('gives none to a 6-night stay and the weekly one from 7 nights, on the nights only', () => {
    const six = price({ checkOut: '2028-03-12' });
    expect(six.discounts).toEqual([]);
    const seven = price({ checkOut: '2028-03-13' });
    expect(seven.discounts).toEqual([{ kind: 'weekly', name: 'Weekly discount (10%)', amount: 7_000 }]);
    // Cleaning fee untouched; tax on what the guest pays: (70000 - 7000 + 15000) * 10%.
    expect(seven.fees).toBe(15_000);
    expect(seven.taxes).toBe(7_800);
    expect(seven.total).toBe(70_000 - 7_000 + 15_000 + 7_800);
  });

  it('applies only the one worth most: monthly over weekly from 28 nights', () => {
    const q = price({ checkOut: '2028-04-03', today: '2028-01-10' });
    expect(q.nights).toBe(28);
    expect(q.discounts.map((d) => d.kind)).toEqual(['monthly']);
    expect(q.discount).toBe(70_000);
  });

  it('judges last-minute and early-bird by days before check-in, edges included', () => {
    expect(price({ today: '2028-02-28' }).discounts.map((d) => d.kind)).toEqual(['lastMinute']); // 7 days
    expect(price({ today: '2028-02-27' }).discounts).toEqual([]); // 8 days
    expect(price({ today: '2027-09-08' }).discounts.map((d) => d.kind)).toEqual(['earlyBird']); // 180 days
    expect(price({ today: '2027-09-09' }).discounts).toEqual([]); // 179 days
  });

  it('prefers the larger of two that apply (last-minute 15% over weekly 10%)', () => {
    const q = price({ today: '2028-03-01', checkOut: '2028-03-13' });
    expect(q.discounts).toEqual([{ kind: 'lastMinute', name: 'Last-minute discount (15%)', amount: 10_500 }]);
  });

  it('lets a gap of up to maxGap nights between two stays be booked below the minimum stay, with its percentage', () => {
    const taken = ['2028-03-05', '2028-03-08'];
    const gap = price({ checkOut: '2028-03-08', unavailableNights: taken });
    expect(gap.nights).toBe(2);
    expect(gap.discounts).toEqual([{ kind: 'gapNight', name: 'Gap-night discount (20%)', amount: 4_000 }]);
    // Not a gap when one side is free, nor when longer than maxGap.
    expect(priceStay(input({ checkOut: '2028-03-08', unavailableNights: ['2028-03-08'] })).ok).toBe(false);
    const long = priceStay(input({ checkOut: '2028-03-09', unavailableNights: ['2028-03-05', '2028-03-09'] }));
    expect(long.ok && long.quote.discounts).toEqual([]);
  });

  it('answers every discount in dollars, the total being basePrice - discounts + fees + taxes', () => {
    const api = quoteResponseSchema.parse(quoteToApi(price({ checkOut: '2028-03-13' })));
    const sum = api.discounts.reduce((s, d) => s + d.amount, 0);
    expect(api.total).toBeCloseTo(api.basePrice - sum + api.fees + api.taxes, 2);
    expect(api.discounts).toEqual([{ kind: 'weekly', name: 'Weekly discount (10%)', amount: 70 }]);
  });
});

describe('promo codes', () => {
  const seven = { checkOut: '2028-03-13' };

  it('takes a percentage off the nights when no automatic discount applies', () => {
    const q = price({ promo: { code: 'SPRING10', rule: rule() } });
    expect(q.discounts).toEqual([{ kind: 'code', name: 'Code SPRING10 (10%)', amount: 3_000 }]);
    expect(q.promo).toEqual({ code: 'SPRING10', applied: true });
    expect(q.taxes).toBe(Math.floor(((30_000 - 3_000 + 15_000) * 1000 + 5000) / 10_000));
  });

  it('never takes a dollar amount below zero nights, nor touches the cleaning fee', () => {
    const q = price({ promo: { code: 'BIG', rule: rule({ code: 'BIG', kind: 'amount', value: 99_999 }) } });
    expect(q.discount).toBe(30_000);
    expect(q.total).toBe(15_000 + 1_500);
  });

  it('keeps the better of the two when not combinable, and says which', () => {
    const weaker = price({ ...seven, promo: { code: 'SPRING5', rule: rule({ code: 'SPRING5', value: 500 }) } });
    expect(weaker.discounts.map((d) => d.kind)).toEqual(['weekly']);
    expect(weaker.promo?.applied).toBe(false);
    expect(weaker.promo?.reason).toMatch(/weekly discount saves more/);
    const stronger = price({ ...seven, promo: { code: 'SPRING20', rule: rule({ code: 'SPRING20', value: 2000 }) } });
    expect(stronger.discounts.map((d) => d.kind)).toEqual(['code']);
    expect(stronger.promo).toMatchObject({
      applied: true,
      reason: expect.stringMatching(/instead of the weekly/) as unknown,
    });
    // A tie keeps the automatic discount.
    const tie = price({ ...seven, promo: { code: 'TEN', rule: rule({ code: 'TEN', value: 1000 }) } });
    expect(tie.discounts.map((d) => d.kind)).toEqual(['weekly']);
  });

  it('stacks a combinable code after the automatic discount, on what is left', () => {
    const q = price({ ...seven, promo: { code: 'STACK', rule: rule({ code: 'STACK', combinable: true }) } });
    expect(q.discounts).toEqual([
      { kind: 'weekly', name: 'Weekly discount (10%)', amount: 7_000 },
      { kind: 'code', name: 'Code STACK (10%)', amount: 6_300 },
    ]);
  });

  it('refuses a code by its rules and keeps the price, saying why in words', () => {
    const plain = price();
    const refused = (r: Partial<PromoRule>, more: Partial<PriceStayInput> = {}) => {
      const q = price({ promo: { code: 'SPRING10', rule: rule(r) }, ...more });
      expect(q.total).toBe(plain.total);
      expect(q.promo?.applied).toBe(false);
      return q.promo?.reason;
    };
    expect(refused({ bookTo: '2028-01-09' })).toBe('The code SPRING10 has expired.');
    expect(price({ promo: { code: 'SPRING10', rule: rule({ bookTo: '2028-01-10' }) } }).promo?.applied).toBe(true);
    expect(refused({ bookFrom: '2028-01-11' })).toBe('The code SPRING10 can be used from 2028-01-11.');
    expect(refused({ stayFrom: '2028-03-07' })).toBe('The code SPRING10 is not valid for these dates.');
    expect(refused({ stayTo: '2028-03-08' })).toBe('The code SPRING10 is not valid for these dates.');
    expect(
      price({ promo: { code: 'SPRING10', rule: rule({ stayFrom: '2028-03-06', stayTo: '2028-03-09' }) } }).promo
        ?.applied,
    ).toBe(true);
    expect(refused({ minNights: 4 })).toBe('The code SPRING10 needs a stay of at least 4 nights.');
    expect(price({ promo: { code: 'SPRING10', rule: rule({ minNights: 3 }) } }).promo?.applied).toBe(true);
    expect(refused({ homes: ['home-2'] })).toBe('The code SPRING10 is not valid for this home.');
    expect(price({ promo: { code: 'SPRING10', rule: rule({ collections: ['resort'] }) } }).promo?.applied).toBe(true);
  });

  it('passes on the refusal the server found (unknown, used up)', () => {
    const q = price({ promo: { code: 'NOPE', refusal: "We don't know the code NOPE. Check its spelling." } });
    expect(q.promo).toEqual({
      code: 'NOPE',
      applied: false,
      reason: "We don't know the code NOPE. Check its spelling.",
    });
    expect(q.discounts).toEqual([]);
  });
});

describe("a collection's discounts", () => {
  it('merge per kind, the best for the guest', () => {
    const merged = mergeDiscounts([
      {
        weeklyBps: 500,
        monthlyBps: 0,
        lastMinute: { days: 3, bps: 1000 },
        earlyBird: null,
        gapNights: { maxGap: 1, bps: 3000 },
      },
      {
        weeklyBps: 1000,
        monthlyBps: 2000,
        lastMinute: { days: 10, bps: 500 },
        earlyBird: null,
        gapNights: { maxGap: 2, bps: 0 },
      },
    ]);
    expect(merged).toEqual({
      weeklyBps: 1000,
      monthlyBps: 2000,
      lastMinute: { days: 3, bps: 1000 },
      earlyBird: null,
      gapNights: { maxGap: 2, bps: 0 },
    });
    expect(mergeDiscounts([])).toBeUndefined();
  });
});
