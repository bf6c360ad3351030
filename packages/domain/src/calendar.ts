// Calendar helpers shared by the server and the booking panel: turning a list
// of nights into stays, and reading the minimum stay of a check-in date from
// a calendar answer. No zod here, so the browser can use them cheaply.
import { addDays, isIsoDate, type IsoDate } from './dates.js';
import { DomainError } from './errors.js';

/** A half-open run of nights: check-in up to, not including, check-out. */
export interface NightRun {
  checkIn: IsoDate;
  checkOut: IsoDate;
}

/**
 * Dates grouped into runs of consecutive nights, earliest first; duplicates
 * are ignored. ['2027-01-01', '2027-01-02', '2027-01-05'] becomes
 * [2027-01-01 to 2027-01-03) and [2027-01-05 to 2027-01-06).
 */
export function contiguousRuns(dates: readonly IsoDate[]): NightRun[] {
  for (const date of dates) {
    if (!isIsoDate(date)) throw new DomainError('invalid_date', `Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  // ISO dates sort chronologically as strings.
  const sorted = [...new Set(dates)].sort();
  const runs: NightRun[] = [];
  for (const date of sorted) {
    const last = runs.at(-1);
    if (last && last.checkOut === date) last.checkOut = addDays(date, 1);
    else runs.push({ checkIn: date, checkOut: addDays(date, 1) });
  }
  return runs;
}

export interface MinStayCalendar {
  default: number;
  ranges: readonly { start: IsoDate; end: IsoDate; minStay: number }[];
}

/**
 * Minimum stay for a check-in date from a calendar answer's `minStay`: the
 * range the date falls in (end exclusive), else the default. The same rule as
 * priceStay, so the booking panel can stop a too-short stay before quoting.
 */
export function minStayOnCalendar(minStay: MinStayCalendar, checkIn: IsoDate): number {
  return minStay.ranges.find((r) => r.start <= checkIn && checkIn < r.end)?.minStay ?? minStay.default;
}
