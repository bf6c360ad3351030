import { describe, expect, it } from 'vitest';
import { icalEventNights, icalLocalDate, isPastStay } from './ical-dates.js';

describe('iCalendar dates to nights', () => {
  it('takes all-day dates as written, whatever the home time zone', () => {
    const start = { kind: 'date', date: '2030-03-01' } as const;
    const end = { kind: 'date', date: '2030-03-05' } as const;
    for (const zone of ['America/Denver', 'America/Detroit', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(icalEventNights(start, end, zone)).toEqual({ checkIn: '2030-03-01', checkOut: '2030-03-05' });
    }
  });

  it('reads instants on the home clock: the same UTC times are other nights in Denver and Detroit', () => {
    // 03:00Z on the 10th is the evening of the 9th in both; 05:30Z on the 12th is 23:30 on the
    // 11th in Denver (MDT) but 01:30 on the 12th in Detroit (EDT).
    const start = { kind: 'instant', at: new Date('2030-03-10T03:00:00Z') } as const;
    const end = { kind: 'instant', at: new Date('2030-03-12T05:30:00Z') } as const;
    expect(icalEventNights(start, end, 'America/Denver')).toEqual({ checkIn: '2030-03-09', checkOut: '2030-03-11' });
    expect(icalEventNights(start, end, 'America/Detroit')).toEqual({ checkIn: '2030-03-09', checkOut: '2030-03-12' });
  });

  it('leaves the check-out day free whether DTEND is at midnight or in the morning', () => {
    const start = { kind: 'instant', at: new Date('2030-06-01T22:00:00Z') } as const; // 16:00 in Denver
    const midnight = { kind: 'instant', at: new Date('2030-06-04T06:00:00Z') } as const; // 00:00 in Denver
    const morning = { kind: 'instant', at: new Date('2030-06-04T17:00:00Z') } as const; // 11:00 in Denver
    expect(icalEventNights(start, midnight, 'America/Denver').checkOut).toBe('2030-06-04');
    expect(icalEventNights(start, morning, 'America/Denver').checkOut).toBe('2030-06-04');
  });

  it('gives one night to an event without DTEND, ending the day it starts, or ending before it starts', () => {
    const start = { kind: 'date', date: '2030-03-01' } as const;
    expect(icalEventNights(start, null, 'America/Denver')).toEqual({ checkIn: '2030-03-01', checkOut: '2030-03-02' });
    expect(icalEventNights(start, start, 'America/Denver').checkOut).toBe('2030-03-02');
    expect(icalEventNights(start, { kind: 'date', date: '2030-02-20' }, 'America/Denver').checkOut).toBe('2030-03-02');
    const afternoon = { kind: 'instant', at: new Date('2030-03-01T20:00:00Z') } as const;
    const evening = { kind: 'instant', at: new Date('2030-03-02T02:00:00Z') } as const;
    expect(icalEventNights(afternoon, evening, 'America/Detroit')).toEqual({
      checkIn: '2030-03-01',
      checkOut: '2030-03-02',
    });
  });

  it('takes a floating date-time as the home wall clock', () => {
    expect(icalLocalDate({ kind: 'floating', date: '2030-03-01' }, 'America/Denver')).toBe('2030-03-01');
  });

  it('drops events whose check-out is today or earlier', () => {
    expect(isPastStay({ checkIn: '2030-03-01', checkOut: '2030-03-05' }, '2030-03-05')).toBe(true);
    expect(isPastStay({ checkIn: '2030-03-01', checkOut: '2030-03-05' }, '2030-03-04')).toBe(false);
  });
});
