import { describe, expect, it } from 'vitest';
import { contiguousRuns, minStayOnCalendar } from './calendar.js';
import { DomainError } from './errors.js';

describe('contiguousRuns', () => {
  it('groups consecutive nights, across month and year ends, in date order', () => {
    expect(contiguousRuns(['2028-01-01', '2027-12-31', '2028-01-05', '2027-12-30', '2028-01-01'])).toEqual([
      { checkIn: '2027-12-30', checkOut: '2028-01-02' },
      { checkIn: '2028-01-05', checkOut: '2028-01-06' },
    ]);
    expect(contiguousRuns(['2028-02-28', '2028-02-29', '2028-03-01'])).toEqual([
      { checkIn: '2028-02-28', checkOut: '2028-03-02' },
    ]);
    expect(contiguousRuns([])).toEqual([]);
  });

  it('refuses anything but calendar dates', () => {
    expect(() => contiguousRuns(['2027-02-29'])).toThrow(DomainError);
  });
});

describe('minStayOnCalendar', () => {
  it('uses the range a check-in falls in, end exclusive, else the default', () => {
    const minStay = { default: 2, ranges: [{ start: '2027-12-20', end: '2028-01-03', minStay: 4 }] };
    expect(minStayOnCalendar(minStay, '2027-12-19')).toBe(2);
    expect(minStayOnCalendar(minStay, '2027-12-20')).toBe(4);
    expect(minStayOnCalendar(minStay, '2028-01-02')).toBe(4);
    expect(minStayOnCalendar(minStay, '2028-01-03')).toBe(2);
  });
});
