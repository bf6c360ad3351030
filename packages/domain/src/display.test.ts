import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import {
  formatCount,
  formatDate,
  formatDateOrAsIs,
  formatDateRange,
  formatDateWithWeekday,
  formatDayWithWeekday,
  formatLongDate,
  formatParty,
  pluralize,
  propertyDisplayName,
} from './display.js';
import { propertySlug } from './slug.js';

// What display.ts replaces: Intl's en-US formats at UTC midnight.
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const medium = intl({ month: 'short', day: 'numeric', year: 'numeric' });

/** Every 13th day over six years, leap days and every month and weekday included. */
const days = Array.from({ length: 170 }, (_, i) => addDays('2026-01-01', i * 13));

describe('calendar dates', () => {
  it('matches Intl for every format, on every kind of day', () => {
    const withWeekday = intl({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
    const dayWithWeekday = intl({ weekday: 'short', month: 'short', day: 'numeric' });
    const long = intl({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    for (const day of [...days, '2028-02-29', '2026-12-31']) {
      expect(formatDate(day), day).toBe(medium.format(utc(day)));
      expect(formatDateWithWeekday(day), day).toBe(withWeekday.format(utc(day)));
      expect(formatDayWithWeekday(day), day).toBe(dayWithWeekday.format(utc(day)));
      expect(formatLongDate(day), day).toBe(long.format(utc(day)));
    }
  });

  it('writes a range as Intl.formatRange does: within a month, across months and across years', () => {
    for (const from of days) {
      for (const nights of [0, 1, 4, 17, 45, 400]) {
        const to = addDays(from, nights);
        expect(formatDateRange(from, to), `${from}/${to}`).toBe(medium.formatRange(utc(from), utc(to)));
      }
    }
    expect(formatDateRange('2027-01-20', '2027-01-23')).toBe('Jan 20\u2009–\u200923, 2027');
  });

  it('shows a check-out before check-in as the two dates in the order given, where Intl would throw', () => {
    expect(formatDateRange('2027-01-23', '2027-01-20')).toBe('Jan 23, 2027\u2009–\u2009Jan 20, 2027');
  });

  it('shows a value that is not a calendar date as it is', () => {
    expect(formatDateOrAsIs('2031-02-03')).toBe('Feb 3, 2031');
    expect(formatDateOrAsIs('2031-02-03', formatLongDate)).toBe('Monday, February 3, 2031');
    expect(formatDateOrAsIs('soon')).toBe('soon');
  });
});

describe('counts and parties', () => {
  it('groups thousands as Intl does, keeping up to three decimals', () => {
    const intlCount = new Intl.NumberFormat('en-US');
    const values = [0, 1, 12, 999, 1000, 1234.5, 0.125, 0.0004, 2.9999, 1_000_000, 987_654_321];
    for (const value of [...values, ...values.filter((v) => v > 0).map((v) => -v)]) {
      expect(formatCount(value), String(value)).toBe(intlCount.format(value));
    }
  });

  it('pluralizes with the count', () => {
    expect(pluralize(1, 'night')).toBe('1 night');
    expect(pluralize(3, 'night')).toBe('3 nights');
    expect(pluralize(1200, 'review')).toBe('1,200 reviews');
    expect(pluralize(2, 'child', 'children')).toBe('2 children');
  });

  it('lists the party, leaving out counts of zero other than adults', () => {
    expect(formatParty({ adults: 1 })).toBe('1 adult');
    expect(formatParty({ adults: 2, children: 1, infants: 0, pets: 2 })).toBe('2 adults, 1 child, 2 pets');
    expect(formatParty({ adults: 0, children: 3, infants: 1 })).toBe('0 adults, 3 children, 1 infant');
  });
});

describe('home names', () => {
  it('shows the public name, trimmed, and the internal name when the public one is absent', () => {
    expect(propertyDisplayName({ public_name: 'Bear Den Lodge', name: 'BRK 101' })).toBe('Bear Den Lodge');
    expect(propertyDisplayName({ public_name: '  Bear Den Lodge ', name: 'BRK 101' })).toBe('Bear Den Lodge');
    expect(propertyDisplayName({ public_name: null, name: 'BRK 101' })).toBe('BRK 101');
    expect(propertyDisplayName({ name: 'BRK 101' })).toBe('BRK 101');
    expect(propertyDisplayName({ public_name: '', name: 'BRK 101' })).toBe('BRK 101');
    expect(propertyDisplayName({ public_name: '   ', name: 'BRK 101' })).toBe('BRK 101');
  });

  it('names a home by the same name its slug is built from', () => {
    for (const home of [
      { public_name: 'Aspen Hideaway', name: 'BRK-101' },
      { public_name: null, name: 'BRK 101' },
      { public_name: '  ', name: 'Lakeview Cottage' },
    ]) {
      expect(propertySlug(home)).toBe(propertySlug({ public_name: null, name: propertyDisplayName(home) }));
    }
  });
});
