import { describe, expect, it } from 'vitest';
import {
  checkStayDates,
  isWeekendNight,
  maxStayNights,
  minStayFor,
  priceStay,
  quoteToApi,
  taxCents,
  type PriceStayInput,
  type RateCard,
} from './pricing.js';
import { minStayOnCalendar } from './calendar.js';
import { quoteResponseSchema } from './quote.js';

// 2027-11-28 is a Sunday; the ski season starts on Wednesday 2027-12-01.
const rates: RateCard = {
  nightly: 20_000,
  weekend: 25_000,
  cleaningFee: 15_000,
  minStay: 2,
  taxRateBps: 1227,
  taxName: 'Test lodging tax',
  seasons: [
    { name: 'Ski season', start: '2027-12-01', end: '2027-12-20', nightly: 32_000, weekend: 40_000, minStay: 3 },
    {
      name: 'Christmas & New Year',
      start: '2027-12-20',
      end: '2028-01-03',
      nightly: 45_000,
      weekend: 50_000,
      minStay: 4,
    },
  ],
};

function input(overrides: Partial<PriceStayInput> = {}): PriceStayInput {
  return {
    checkIn: '2027-11-29',
    checkOut: '2027-12-04',
    guests: { adults: 2, children: 0, infants: 0, pets: 0 },
    rates,
    today: '2027-06-01',
    unavailableNights: [],
    maxGuests: 8,
    petsAllowed: false,
    ...overrides,
  };
}

function quoteOf(overrides: Partial<PriceStayInput> = {}) {
  const result = priceStay(input(overrides));
  if (!result.ok) throw new Error(`expected a quote, got ${result.error.code}: ${result.error.message}`);
  return result.quote;
}

function errorOf(overrides: Partial<PriceStayInput>) {
  const result = priceStay(input(overrides));
  if (result.ok) throw new Error('expected a rule failure, got a quote');
  return result.error;
}

describe('priceStay', () => {
  it('prices a stay crossing into ski season night by night', () => {
    const quote = quoteOf();
    expect(quote.nightly).toEqual([
      { date: '2027-11-29', price: 20_000, season: null, weekend: false },
      { date: '2027-11-30', price: 20_000, season: null, weekend: false },
      { date: '2027-12-01', price: 32_000, season: 'Ski season', weekend: false },
      { date: '2027-12-02', price: 32_000, season: 'Ski season', weekend: false },
      { date: '2027-12-03', price: 40_000, season: 'Ski season', weekend: true },
    ]);
    // 2 x 200 + 2 x 320 + 400 = 1,440 dollars; taxes 12.27% of 1,590 = 195.093 -> 195.09.
    expect(quote).toMatchObject({
      checkIn: '2027-11-29',
      checkOut: '2027-12-04',
      nights: 5,
      base: 144_000,
      fees: 15_000,
      taxes: 19_509,
      total: 178_509,
      currency: 'usd',
      minStay: 2,
      cleaningFee: 15_000,
      taxRateBps: 1227,
      taxName: 'Test lodging tax',
    });
  });

  it('charges the weekend rate for Friday and Saturday nights only', () => {
    const quote = quoteOf({ checkIn: '2027-11-25', checkOut: '2027-11-29' });
    expect(quote.nightly.map((n) => [n.date, n.weekend, n.price])).toEqual([
      ['2027-11-25', false, 20_000],
      ['2027-11-26', true, 25_000],
      ['2027-11-27', true, 25_000],
      ['2027-11-28', false, 20_000],
    ]);
    expect(quote.base).toBe(90_000);
  });

  it('moves from one season to the next on the boundary night', () => {
    const quote = quoteOf({ checkIn: '2027-12-19', checkOut: '2027-12-22' });
    expect(quote.nightly.map((n) => [n.season, n.price])).toEqual([
      ['Ski season', 32_000],
      ['Christmas & New Year', 45_000],
      ['Christmas & New Year', 45_000],
    ]);
    // The check-in night is in ski season, so its 3-night minimum applies, not the holidays' 4.
    expect(quote.minStay).toBe(3);
  });

  it('applies the minimum stay of the check-in night', () => {
    expect(errorOf({ checkIn: '2027-12-01', checkOut: '2027-12-03' })).toEqual({
      code: 'below_min_stay',
      message: 'This home has a minimum stay of 3 nights for these dates.',
    });
    expect(errorOf({ checkIn: '2027-12-24', checkOut: '2027-12-27' }).message).toBe(
      'This home has a minimum stay of 4 nights for these dates.',
    );
    // Checking in the night before the season needs only the regular two nights.
    expect(quoteOf({ checkIn: '2027-11-30', checkOut: '2027-12-02' }).minStay).toBe(2);
    expect(errorOf({ checkIn: '2027-11-10', checkOut: '2027-11-11' }).message).toBe(
      'This home has a minimum stay of 2 nights for these dates.',
    );
    expect(quoteOf({ checkIn: '2027-11-10', checkOut: '2027-11-11', rates: { ...rates, minStay: 1 } }).nights).toBe(1);
  });

  it('rounds tax half up to the cent on the total taxable amount', () => {
    const oneNight = { checkIn: '2027-11-10', checkOut: '2027-11-11' };
    const cheap = (taxRateBps: number, nightly: number): RateCard => ({
      ...rates,
      nightly,
      cleaningFee: 0,
      minStay: 1,
      taxRateBps,
    });
    // 12.5% of $1.00 = 12.5 cents -> 13; 12.49% of $1.00 = 12.49 cents -> 12.
    expect(quoteOf({ ...oneNight, rates: cheap(1250, 100) }).taxes).toBe(13);
    expect(quoteOf({ ...oneNight, rates: cheap(1249, 100) }).taxes).toBe(12);
    // Per-night rounding would give 3 x round(0.5) = 3 cents; on the total 1.5 -> 2.
    const threeNights = quoteOf({ checkIn: '2027-11-09', checkOut: '2027-11-12', rates: cheap(50, 100) });
    expect(threeNights.taxes).toBe(2);
    expect(threeNights.total).toBe(302);
    expect(quoteOf({ ...oneNight, rates: cheap(0, 100) }).taxes).toBe(0);
  });

  it('refuses a check-out that is not after check-in', () => {
    const expected = { code: 'checkout_not_after_checkin', message: 'Check-out must be after check-in.' };
    expect(errorOf({ checkIn: '2027-11-29', checkOut: '2027-11-29' })).toEqual(expected);
    expect(errorOf({ checkIn: '2027-11-29', checkOut: '2027-11-20' })).toEqual(expected);
  });

  it('refuses a check-in before today, and allows one today', () => {
    expect(errorOf({ checkIn: '2027-05-31', checkOut: '2027-06-03' })).toEqual({
      code: 'checkin_in_past',
      message: 'Check-in cannot be in the past.',
    });
    expect(quoteOf({ checkIn: '2027-06-01', checkOut: '2027-06-03' }).nights).toBe(2);
  });

  it(`refuses stays longer than ${maxStayNights} nights`, () => {
    expect(quoteOf({ checkIn: '2027-06-01', checkOut: '2027-07-31' }).nights).toBe(60);
    expect(errorOf({ checkIn: '2027-06-01', checkOut: '2027-08-01' })).toEqual({
      code: 'stay_too_long',
      message: 'Stays can be booked online for up to 60 nights. Please call us for a longer stay.',
    });
  });

  it('refuses dates that are not calendar dates', () => {
    expect(errorOf({ checkIn: '2027-02-30', checkOut: '2027-03-02' }).code).toBe('invalid_dates');
    expect(errorOf({ checkIn: '2027-11-29', checkOut: 'soon' }).code).toBe('invalid_dates');
  });

  it('requires an adult', () => {
    expect(errorOf({ guests: { adults: 0, children: 2, infants: 0, pets: 0 } })).toEqual({
      code: 'adults_required',
      message: 'At least one adult must be on the reservation.',
    });
  });

  it('counts adults and children, not infants, against the home capacity', () => {
    expect(errorOf({ guests: { adults: 6, children: 3, infants: 0, pets: 0 } })).toEqual({
      code: 'too_many_guests',
      message: 'This home sleeps at most 8 guests.',
    });
    expect(quoteOf({ guests: { adults: 6, children: 2, infants: 3, pets: 0 } }).nights).toBe(5);
    expect(errorOf({ maxGuests: 1, guests: { adults: 2, children: 0, infants: 0, pets: 0 } }).message).toBe(
      'This home sleeps at most 1 guest.',
    );
  });

  it('refuses pets where they are not allowed', () => {
    const withDog = { adults: 2, children: 0, infants: 0, pets: 1 };
    expect(errorOf({ guests: withDog })).toEqual({
      code: 'pets_not_allowed',
      message: 'Pets are not allowed at this home.',
    });
    expect(quoteOf({ guests: withDog, petsAllowed: true }).nights).toBe(5);
  });

  it('refuses a stay when any night is taken, but not when only the check-out day is', () => {
    const unavailable = { code: 'dates_unavailable', message: 'Some of these dates are not available.' };
    expect(errorOf({ unavailableNights: ['2027-12-03'] })).toEqual(unavailable);
    expect(errorOf({ unavailableNights: new Set(['2027-11-29']) })).toEqual(unavailable);
    expect(quoteOf({ unavailableNights: ['2027-12-04', '2027-11-28'] }).nights).toBe(5);
  });

  it('reports the rule a guest can act on first', () => {
    // Past dates win over a party that is too big; a taken night over the minimum stay.
    expect(
      errorOf({
        checkIn: '2027-05-01',
        checkOut: '2027-05-02',
        guests: { adults: 9, children: 0, infants: 0, pets: 0 },
      }).code,
    ).toBe('checkin_in_past');
    expect(errorOf({ checkIn: '2027-12-01', checkOut: '2027-12-02', unavailableNights: ['2027-12-01'] }).code).toBe(
      'dates_unavailable',
    );
  });
});

describe('checkStayDates', () => {
  it('passes a valid stay and names the first broken date rule', () => {
    expect(checkStayDates('2027-11-29', '2027-12-04', '2027-11-29')).toBeNull();
    expect(checkStayDates('2027-11-29', '2027-11-28', '2027-12-30')?.code).toBe('checkout_not_after_checkin');
    expect(checkStayDates('2027-11-28', '2027-11-29', '2027-11-29')?.code).toBe('checkin_in_past');
  });
});

describe('helpers', () => {
  it('knows Friday and Saturday nights', () => {
    expect(['2027-11-25', '2027-11-26', '2027-11-27', '2027-11-28'].map(isWeekendNight)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('finds the minimum stay of a check-in date', () => {
    expect(minStayFor(rates, '2027-11-30')).toBe(2);
    expect(minStayFor(rates, '2027-12-01')).toBe(3);
    expect(minStayFor(rates, '2027-12-19')).toBe(3);
    expect(minStayFor(rates, '2027-12-20')).toBe(4);
    expect(minStayFor(rates, '2028-01-03')).toBe(2);
    const calendar = { default: 2, ranges: rates.seasons.map(({ start, end, minStay }) => ({ start, end, minStay })) };
    for (const date of ['2027-11-30', '2027-12-01', '2027-12-19', '2027-12-20', '2028-01-02', '2028-01-03']) {
      expect(minStayOnCalendar(calendar, date), date).toBe(minStayFor(rates, date));
    }
  });

  it('computes tax on whole cents and refuses anything else', () => {
    expect(taxCents(159_000, 1227)).toBe(19_509);
    expect(taxCents(1_000, 5)).toBe(1);
    expect(taxCents(999, 5)).toBe(0);
    expect(() => taxCents(10.5, 1227)).toThrow(RangeError);
    expect(() => taxCents(-100, 1227)).toThrow(RangeError);
  });
});

describe('quoteToApi', () => {
  it('turns cents into dollars with the field names of the spec', () => {
    const api = quoteToApi(quoteOf());
    expect(quoteResponseSchema.parse(api)).toEqual(api);
    expect(api).toEqual({
      checkin_date: '2027-11-29',
      checkout_date: '2027-12-04',
      nights: 5,
      nightly: [
        { date: '2027-11-29', price: 200, season: null, weekend: false },
        { date: '2027-11-30', price: 200, season: null, weekend: false },
        { date: '2027-12-01', price: 320, season: 'Ski season', weekend: false },
        { date: '2027-12-02', price: 320, season: 'Ski season', weekend: false },
        { date: '2027-12-03', price: 400, season: 'Ski season', weekend: true },
      ],
      basePrice: 1440,
      fees: 150,
      taxes: 195.09,
      taxLines: [{ name: 'Test lodging tax', jurisdiction: 'Test lodging tax', rate: 12.27, amount: 195.09 }],
      total: 1785.09,
      currency: 'usd',
      discounts: [],
      financials: {
        min_stay: 2,
        cleaning_fee: 150,
        tax_rate: 12.27,
        tax_name: 'Test lodging tax',
        average_nightly: 288,
      },
    });
  });
});
