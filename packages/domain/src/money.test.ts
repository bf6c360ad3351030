import { describe, it, expect } from 'vitest';
import { DomainError } from './errors.js';
import {
  bookedPriceLines,
  centsToDollars,
  formatUsd,
  nightlyPrice,
  orderTotalCents,
  sumCents,
  toCents,
} from './money.js';

describe('toCents', () => {
  it('survives binary floating-point noise', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(4.35)).toBe(435);
  });

  it('rounds fractions of a cent', () => {
    expect(toCents(10.004)).toBe(1000);
    expect(toCents(10.006)).toBe(1001);
    expect(toCents(-10.006)).toBe(-1001);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('rejects non-numbers', () => {
    expect(() => toCents(Number.NaN)).toThrow(DomainError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(DomainError);
  });
});

describe('centsToDollars and formatUsd', () => {
  it('converts and formats as US dollars', () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(100_000_000)).toBe('$1,000,000.00');
    expect(formatUsd(-500)).toBe('-$5.00');
  });

  it('writes every amount exactly as Intl writes US dollars', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [0, 1, 99, 100, 101, 99_999, 100_000, 123_456_789];
    for (let cents = 7; cents < 10 ** 13; cents = cents * 3 + 1) amounts.push(cents);
    for (const cents of [...amounts, ...amounts.filter((amount) => amount > 0).map((amount) => -amount)]) {
      expect(formatUsd(cents), String(cents)).toBe(usd.format(cents / 100));
    }
    // Where dividing by 100 loses a cent, whole cents stay exact.
    expect(formatUsd(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('refuses fractional cents, which point at a dollars/cents mix-up', () => {
    expect(() => formatUsd(12.5)).toThrow(DomainError);
  });
});

describe('nightlyPrice', () => {
  it('divides the base price by the nights, to the cent', () => {
    expect(nightlyPrice(100_000, 4)).toBe(25_000);
    expect(nightlyPrice(100_00, 3)).toBe(3333);
    expect(nightlyPrice(200_00, 3)).toBe(6667);
  });

  it('refuses a stay without nights', () => {
    expect(() => nightlyPrice(100_00, 0)).toThrow(DomainError);
    expect(() => nightlyPrice(100_00, -2)).toThrow(DomainError);
  });
});

describe('sumCents and orderTotalCents', () => {
  it('adds whole cents', () => {
    expect(sumCents()).toBe(0);
    expect(sumCents(10, 20, 30)).toBe(60);
    expect(() => sumCents(10, 0.5)).toThrow(DomainError);
  });

  it('totals base price, taxes, fees and add-ons', () => {
    expect(
      orderTotalCents({
        basePrice: 120_000,
        taxes: 9_840,
        fees: 25_000,
        addOns: [{ price: 100_00 }, { price: 200_00 }],
      }),
    ).toBe(184_840);
    expect(orderTotalCents({ basePrice: 50_000, taxes: 0, fees: 0, addOns: [] })).toBe(50_000);
  });
});

describe('bookedPriceLines', () => {
  it('lists nights, cleaning fee, taxes and each add-on in dollars, adding up to the total', () => {
    const booking = {
      nights: 1,
      baseCents: 25_000,
      feesCents: 9_500,
      taxesCents: 4_233,
      addOns: [
        { name: 'Private Chef', price: 45_000 },
        { name: 'Housekeeping', option: 'Daily', price: 12_001 },
      ],
    };
    const lines = bookedPriceLines(booking);
    expect(lines).toEqual([
      { label: '1 night', amount: 250 },
      { label: 'Cleaning fee', amount: 95 },
      { label: 'Taxes', amount: 42.33 },
      { label: 'Private Chef', amount: 450 },
      { label: 'Housekeeping (Daily)', amount: 120.01 },
    ]);
    expect(lines.reduce((sum, line) => sum + toCents(line.amount), 0)).toBe(95_734);
    expect(bookedPriceLines({ ...booking, nights: 3, addOns: [] })[0]?.label).toBe('3 nights');
  });
});
