import { describe, expect, it } from 'vitest';
import {
  availabilitySearchQuerySchema,
  blockDatesRequestSchema,
  calendarQuerySchema,
  quoteRequestSchema,
} from './quote.js';

function issues(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('quoteRequestSchema', () => {
  it('takes the spec field names and defaults children, infants and pets to 0', () => {
    expect(
      quoteRequestSchema.parse({ checkin_date: '2027-11-29', checkout_date: '2027-12-04', guests: { adults: 2 } }),
    ).toEqual({
      checkin_date: '2027-11-29',
      checkout_date: '2027-12-04',
      guests: { adults: 2, children: 0, infants: 0, pets: 0 },
    });
  });

  it('names the field of a bad date', () => {
    const result = quoteRequestSchema.safeParse({
      checkin_date: '2027-02-30',
      checkout_date: '12/04/2027',
      guests: { adults: 2 },
    });
    expect(issues(result)).toEqual([
      'checkin_date must be a calendar date written as YYYY-MM-DD',
      'checkout_date must be a calendar date written as YYYY-MM-DD',
    ]);
  });

  it('refuses no adults, negative or fractional counts and unknown fields', () => {
    const base = { checkin_date: '2027-11-29', checkout_date: '2027-12-04' };
    expect(quoteRequestSchema.safeParse({ ...base, guests: { adults: 0 } }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...base, guests: { adults: 2, children: -1 } }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...base, guests: { adults: 1.5 } }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...base, guests: { adults: 2, kids: 1 } }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...base, guests: { adults: 2 }, price: 1 }).success).toBe(false);
  });
});

describe('calendarQuerySchema', () => {
  it('makes both ends optional but checks them when given', () => {
    expect(calendarQuerySchema.parse({})).toEqual({});
    expect(issues(calendarQuerySchema.safeParse({ from: '2027-13-01' }))).toEqual([
      'from must be a calendar date written as YYYY-MM-DD',
    ]);
  });
});

describe('blockDatesRequestSchema', () => {
  it('defaults the reason to RESERVATION and accepts the original price and minStay fields', () => {
    expect(blockDatesRequestSchema.parse({ dates: ['2027-11-29'], price: 250, minStay: 2 })).toEqual({
      dates: ['2027-11-29'],
      reason: 'RESERVATION',
      price: 250,
      minStay: 2,
    });
  });

  it('needs at least one real date', () => {
    expect(blockDatesRequestSchema.safeParse({ dates: [] }).success).toBe(false);
    expect(blockDatesRequestSchema.safeParse({ dates: ['2027-11-31'] }).success).toBe(false);
  });
});

describe('availabilitySearchQuerySchema', () => {
  it('coerces counts from the query string and fills defaults', () => {
    expect(availabilitySearchQuerySchema.parse({ checkIn: '2027-11-29', checkOut: '2027-12-04', adults: '3' })).toEqual(
      { checkIn: '2027-11-29', checkOut: '2027-12-04', adults: 3, children: 0, infants: 0, pets: 0, location: 'all' },
    );
  });

  it('refuses unknown locations and non-numeric counts', () => {
    const dates = { checkIn: '2027-11-29', checkOut: '2027-12-04' };
    expect(availabilitySearchQuerySchema.safeParse({ ...dates, location: 'aspen' }).success).toBe(false);
    expect(availabilitySearchQuerySchema.safeParse({ ...dates, adults: 'two' }).success).toBe(false);
    expect(availabilitySearchQuerySchema.safeParse({ ...dates, adults: '0' }).success).toBe(false);
  });
});
