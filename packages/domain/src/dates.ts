// Stay dates are calendar dates ('YYYY-MM-DD' strings), not instants: a stay
// from 2025-03-01 must stay 2025-03-01 whatever the server's or browser's time
// zone. All arithmetic is done on UTC midnights so no offset can shift a day.
import { z } from 'zod';
import { DomainError } from './errors.js';

export type IsoDate = string;

const msPerDay = 86_400_000;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Pure functions of a date string or a day's time, asked for the same few
 * dates again and again (pricing a search asks for each night of the stay
 * once per home): remembered, up to a bound so odd inputs cannot grow them.
 */
const maxRemembered = 4_096;
const midnights = new Map<string, number | null>();
const formatted = new Map<number, IsoDate>();

function remember<K, V>(memo: Map<K, V>, key: K, value: V): V {
  if (memo.size >= maxRemembered) memo.clear();
  memo.set(key, value);
  return value;
}

function utcMidnight(iso: string): number | null {
  const known = midnights.get(iso);
  return known !== undefined ? known : remember(midnights, iso, parseUtcMidnight(iso));
}

function parseUtcMidnight(iso: string): number | null {
  const match = isoDatePattern.exec(iso);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  // Date.UTC silently rolls 2025-02-30 over to March; a round trip catches it.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return time;
}

function requireUtcMidnight(iso: string): number {
  const time = utcMidnight(iso);
  if (time === null) throw new DomainError('invalid_date', `Not a calendar date (YYYY-MM-DD): ${iso}`);
  return time;
}

function formatUtc(time: number): IsoDate {
  return formatted.get(time) ?? remember(formatted, time, new Date(time).toISOString().slice(0, 10));
}

/** Day of the week of a calendar date, 0 for Sunday to 6 for Saturday (NaN for anything else), without a Date. */
export function weekdayOf(iso: IsoDate): number {
  const time = utcMidnight(iso);
  if (time === null) return Number.NaN;
  // 1970-01-01, day 0, was a Thursday.
  return (((Math.floor(time / msPerDay) + 4) % 7) + 7) % 7;
}

/** True for a real calendar date written as YYYY-MM-DD (2024-02-29 yes, 2025-02-29 no). */
export function isIsoDate(value: string): boolean {
  return utcMidnight(value) !== null;
}

export const isoDateSchema = z.string().refine(isIsoDate, { message: 'Expected a calendar date as YYYY-MM-DD' });

function toTime(value: string | Date): number {
  if (value instanceof Date) {
    const time = value.getTime();
    if (Number.isNaN(time)) throw new DomainError('invalid_date', 'Invalid Date');
    return time;
  }
  const dateOnly = utcMidnight(value);
  if (dateOnly !== null) return dateOnly;
  // A date-only string that failed above (e.g. 2025-02-30) must not be
  // accepted by Date.parse's more lenient rules.
  const time = isoDatePattern.test(value) ? Number.NaN : Date.parse(value);
  if (Number.isNaN(time)) throw new DomainError('invalid_date', `Not a date: ${value}`);
  return time;
}

/**
 * Nights of a stay (SPEC.md section 5: day difference, rounded up). Date
 * strings give the exact number of nights; instants give a partial day
 * counted as a whole night. Negative when check-out precedes check-in, so a
 * caller can reject the range instead of pricing it.
 */
export function nightsBetween(checkIn: string | Date, checkOut: string | Date): number {
  const nights = Math.ceil((toTime(checkOut) - toTime(checkIn)) / msPerDay);
  // Math.ceil(-0.5) is -0, which would print as "0" but compare oddly in tests and JSON.
  return nights === 0 ? 0 : nights;
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new DomainError('invalid_date', `Not a whole number of days: ${days}`);
  return formatUtc(requireUtcMidnight(iso) + days * msPerDay);
}

/** The dates slept: check-in up to, not including, check-out (what the calendar blocks). */
export function eachNight(checkIn: IsoDate, checkOut: IsoDate): IsoDate[] {
  const start = requireUtcMidnight(checkIn);
  const end = requireUtcMidnight(checkOut);
  const nights: IsoDate[] = [];
  for (let time = start; time < end; time += msPerDay) nights.push(formatUtc(time));
  return nights;
}

/**
 * Today's calendar date on this device's own clock and time zone (the
 * browser's), read from Date's local fields: the same day todayIn gives for
 * the device's zone, without Intl, whose first use costs a phone tens of
 * milliseconds on the home page's first render.
 */
export function localToday(now: Date = new Date()): IsoDate {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1, 2)}-${pad(now.getDate(), 2)}`;
}

/**
 * Formatters by time zone: making one costs far more than using it, and the
 * server asks for a home's today on every quote. The homes' zones are a
 * handful; the bound only keeps a stray caller from growing the map.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const maxDayFormats = 64;

function dayFormatFor(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (format) return format;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    throw new DomainError('invalid_time_zone', `Unknown time zone: ${timeZone}`);
  }
  if (dayFormats.size >= maxDayFormats) dayFormats.clear();
  dayFormats.set(timeZone, format);
  return format;
}

/** Today's calendar date where the home is, e.g. to stop check-ins in the past. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const format = dayFormatFor(timeZone);
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}
