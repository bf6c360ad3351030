import { describe, it, expect } from 'vitest';
import { DomainError } from './errors.js';
import {
  addDays,
  eachNight,
  isIsoDate,
  isoDateSchema,
  localToday,
  nightsBetween,
  todayIn,
  weekdayOf,
} from './dates.js';

describe('isIsoDate', () => {
  it('accepts real calendar dates, including leap days', () => {
    expect(isIsoDate('2025-03-09')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
  });

  it('rejects impossible dates and other formats', () => {
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-00-10')).toBe(false);
    expect(isIsoDate('2025-3-9')).toBe(false);
    expect(isIsoDate('03/09/2025')).toBe(false);
    expect(isIsoDate('2025-03-09T00:00:00Z')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('backs the zod schema', () => {
    expect(isoDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('2025-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse(20250301).success).toBe(false);
  });
});

describe('nightsBetween', () => {
  it('counts nights between date strings', () => {
    expect(nightsBetween('2025-03-01', '2025-03-05')).toBe(4);
    expect(nightsBetween('2024-12-30', '2025-01-02')).toBe(3);
    expect(nightsBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(nightsBetween('2025-03-01', '2025-03-01')).toBe(0);
  });

  it('is not shifted by daylight saving changes', () => {
    expect(nightsBetween('2025-03-08', '2025-03-10')).toBe(2);
    expect(nightsBetween('2025-11-01', '2025-11-03')).toBe(2);
  });

  it('rounds a partial day up', () => {
    expect(nightsBetween('2025-03-01T16:00:00Z', '2025-03-05T10:00:00Z')).toBe(4);
    expect(nightsBetween(new Date('2025-03-01T00:00:00Z'), new Date('2025-03-02T00:00:01Z'))).toBe(2);
  });

  it('is negative when check-out precedes check-in', () => {
    expect(nightsBetween('2025-03-05', '2025-03-01')).toBe(-4);
  });

  it('rejects what is not a date', () => {
    expect(() => nightsBetween('2025-02-30', '2025-03-02')).toThrow(DomainError);
    expect(() => nightsBetween('soon', '2025-03-02')).toThrow(DomainError);
    expect(() => nightsBetween(new Date('nope'), '2025-03-02')).toThrow(DomainError);
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-03-09', 0)).toBe('2025-03-09');
  });

  it('rejects a bad date or a fractional day count', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(DomainError);
    expect(() => addDays('2025-03-01', 0.5)).toThrow(DomainError);
  });
});

describe('eachNight', () => {
  it('lists the nights slept, excluding the check-out day', () => {
    expect(eachNight('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29']);
  });

  it('is empty for a zero-night or reversed range', () => {
    expect(eachNight('2025-03-01', '2025-03-01')).toEqual([]);
    expect(eachNight('2025-03-05', '2025-03-01')).toEqual([]);
  });
});

describe('weekdayOf', () => {
  it("agrees with Date's UTC weekday, before and after 1970 and across leap days", () => {
    for (const iso of [
      '1969-12-31',
      '1970-01-01',
      '2024-02-29',
      '2024-03-01',
      '2027-10-15',
      '2027-10-16',
      '2099-12-31',
    ]) {
      expect(weekdayOf(iso), iso).toBe(new Date(`${iso}T00:00:00Z`).getUTCDay());
    }
  });

  it('is NaN for what is not a calendar date', () => {
    expect(weekdayOf('2025-02-30')).toBeNaN();
    expect(weekdayOf('soon')).toBeNaN();
  });
});

describe('remembered dates', () => {
  it('give the same answers the second time, and after many others', () => {
    expect(eachNight('2031-01-30', '2031-02-02')).toEqual(['2031-01-30', '2031-01-31', '2031-02-01']);
    for (let day = 0; day < 5_000; day++) addDays('2000-01-01', day);
    expect(eachNight('2031-01-30', '2031-02-02')).toEqual(['2031-01-30', '2031-01-31', '2031-02-01']);
    expect(isIsoDate('2031-02-29')).toBe(false);
    expect(isIsoDate('2031-02-29')).toBe(false);
  });
});

describe('todayIn', () => {
  // 02:30 UTC on 1 March is still 28 February in Colorado.
  const now = new Date('2025-03-01T02:30:00Z');

  it('gives the calendar date in the requested zone', () => {
    expect(todayIn('America/Denver', now)).toBe('2025-02-28');
    expect(todayIn('America/Detroit', now)).toBe('2025-02-28');
    expect(todayIn('UTC', now)).toBe('2025-03-01');
    expect(todayIn('Asia/Tokyo', now)).toBe('2025-03-01');
  });

  it('rejects an unknown zone', () => {
    expect(() => todayIn('Mars/Olympus_Mons', now)).toThrow(DomainError);
    expect(() => todayIn('Mars/Olympus_Mons', now)).toThrow(DomainError);
  });

  it('moves with the clock it is given, zone by zone', () => {
    expect(todayIn('America/Denver', new Date('2025-03-01T07:30:00Z'))).toBe('2025-03-01');
    expect(todayIn('America/Denver', now)).toBe('2025-02-28');
  });
});

describe('localToday', () => {
  it("gives the same day as todayIn in this device's zone, at any hour", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (let hour = 0; hour < 24 * 400; hour += 7) {
      const moment = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      expect(localToday(moment), moment.toISOString()).toBe(todayIn(zone, moment));
    }
  });

  it('counts months from 1 and pads to YYYY-MM-DD', () => {
    expect(localToday(new Date(2027, 0, 5, 12))).toBe('2027-01-05');
    expect(localToday(new Date(2027, 11, 31, 12))).toBe('2027-12-31');
  });
});
