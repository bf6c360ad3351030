// How an iCalendar event's DTSTART/DTEND become a home's nights (issue 15).
// Channels write all-day events (Airbnb, Vrbo: `DTSTART;VALUE=DATE`) whose
// dates mean exactly what they say, and some write date-times (with a TZID or
// in UTC) that must be read on the home's own clock. Reading an all-day date
// through any time zone is the classic bug that shifts a block by a night, so
// dates are never converted; only instants are.
import { addDays, todayIn, type IsoDate } from './dates.js';

/** An event's DTSTART or DTEND, classified by how it was written. */
export type IcalTime =
  /** `VALUE=DATE`: a calendar date, taken as written (no time zone applies). */
  | { kind: 'date'; date: IsoDate }
  /** A DATE-TIME without TZID or Z: the home's wall clock, so its written date. */
  | { kind: 'floating'; date: IsoDate }
  /** A DATE-TIME with TZID or in UTC: an instant, read on the home's clock. */
  | { kind: 'instant'; at: Date };

export interface IcalNights {
  /** The first night. */
  checkIn: IsoDate;
  /** The day the guest leaves: not a night, free for the next arrival. */
  checkOut: IsoDate;
}

/** The home's calendar date of a DTSTART/DTEND. */
export function icalLocalDate(time: IcalTime, timeZone: string): IsoDate {
  return time.kind === 'instant' ? todayIn(timeZone, time.at) : time.date;
}

/**
 * The nights an event takes in a home: from the home's date of DTSTART up to,
 * not including, the home's date of DTEND. A date-time DTEND in the morning
 * (11:00) or at midnight both leave that day free: the guest leaves then.
 * An event that ends on the day it starts, ends before it starts, or has no
 * DTEND (RFC 5545: an all-day event then lasts one day) takes one night.
 */
export function icalEventNights(start: IcalTime, end: IcalTime | null, timeZone: string): IcalNights {
  const checkIn = icalLocalDate(start, timeZone);
  const endDate = end === null ? null : icalLocalDate(end, timeZone);
  const checkOut = endDate !== null && endDate > checkIn ? endDate : addDays(checkIn, 1);
  return { checkIn, checkOut };
}

/** An event whose check-out is today or earlier no longer takes a night here: it is not imported. */
export function isPastStay(nights: IcalNights, today: IsoDate): boolean {
  return nights.checkOut <= today;
}
