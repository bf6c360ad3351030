// Dates, counts, parties and home names as guests read them (US English), on
// the site and in e-mails. One module, so a stay reads the same on the
// results, the booking pages, the dashboard and the confirmation.
//
// Spelled out instead of Intl: the formats are fixed, and a phone pays tens of
// milliseconds of locale-data loading on the first Intl call, which lands on
// the landing pages' first paint (see the bench). display.test.ts checks every
// format against Intl for thousands of values, so they cannot drift apart.
//
// Stay dates are calendar dates (YYYY-MM-DD) with no time of day: they are
// read at UTC midnight, so no time zone can move them to the day before.
import { isIsoDate, type IsoDate } from './dates.js';

/** January to December, as guests read them. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

interface CalendarParts {
  year: number;
  /** 0 for January. */
  month: number;
  day: number;
  /** 0 for Sunday. */
  weekday: number;
}

function partsOf(iso: IsoDate): CalendarParts {
  const date = new Date(`${iso}T00:00:00Z`);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), weekday: date.getUTCDay() };
}

const shortMonth = (parts: CalendarParts) => monthNames[parts.month]!.slice(0, 3);
const shortWeekday = (parts: CalendarParts) => weekdays[parts.weekday]!.slice(0, 3);

/** 'Jan 20, 2027' */
export function formatDate(iso: IsoDate): string {
  const parts = partsOf(iso);
  return `${shortMonth(parts)} ${parts.day}, ${parts.year}`;
}

/** 'Wed, Jan 20, 2027' */
export function formatDateWithWeekday(iso: IsoDate): string {
  const parts = partsOf(iso);
  return `${shortWeekday(parts)}, ${shortMonth(parts)} ${parts.day}, ${parts.year}`;
}

/** 'Wed, Jan 20' */
export function formatDayWithWeekday(iso: IsoDate): string {
  const parts = partsOf(iso);
  return `${shortWeekday(parts)}, ${shortMonth(parts)} ${parts.day}`;
}

/** 'Wednesday, January 20, 2027' */
export function formatLongDate(iso: IsoDate): string {
  const parts = partsOf(iso);
  return `${weekdays[parts.weekday]}, ${monthNames[parts.month]} ${parts.day}, ${parts.year}`;
}

/** Between the two ends of a range, as Intl writes it: an en dash in thin spaces. */
const rangeDash = '\u2009\u2013\u2009';

/**
 * 'Jan 20 – 23, 2027', 'Jan 30 – Feb 2, 2027', 'Dec 30, 2026 – Jan 2, 2027',
 * and one date when both ends are the same day. A check-out before check-in
 * (a hand-edited URL) is shown as the two dates, in the order given.
 */
export function formatDateRange(from: IsoDate, to: IsoDate): string {
  const start = partsOf(from);
  const end = partsOf(to);
  if (to <= from || start.year !== end.year) {
    return to === from ? formatDate(from) : `${formatDate(from)}${rangeDash}${formatDate(to)}`;
  }
  if (start.month !== end.month) {
    return `${shortMonth(start)} ${start.day}${rangeDash}${shortMonth(end)} ${end.day}, ${end.year}`;
  }
  return `${shortMonth(start)} ${start.day}${rangeDash}${end.day}, ${end.year}`;
}

/**
 * A date in `format` (formatDate by default); anything that is not a
 * YYYY-MM-DD date (an older record, a hand-edited link) is shown as it is.
 */
export function formatDateOrAsIs(value: string, format: (iso: IsoDate) => string = formatDate): string {
  return isIsoDate(value) ? format(value) : value;
}

/** 1234567 as '1,234,567'; fractions keep up to 3 digits, as Intl's default does. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', fraction] = Math.abs(value)
    .toFixed(3)
    .replace(/\.?0+$/, '')
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 ? '-' : '';
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** '1 night', '3 nights', '1,200 reviews' */
export function pluralize(count: number, word: string, plural = `${word}s`): string {
  return `${formatCount(count)} ${count === 1 ? word : plural}`;
}

export interface PartyCounts {
  adults: number;
  children?: number | undefined;
  infants?: number | undefined;
  pets?: number | undefined;
}

/** '2 adults, 1 child, 1 pet': counts of zero other than adults are left out. */
export function formatParty({ adults, children = 0, infants = 0, pets = 0 }: PartyCounts): string {
  const parts = [pluralize(adults, 'adult')];
  if (children > 0) parts.push(pluralize(children, 'child', 'children'));
  if (infants > 0) parts.push(pluralize(infants, 'infant'));
  if (pets > 0) parts.push(pluralize(pets, 'pet'));
  return parts.join(', ');
}

/**
 * The name guests see of a home: its public name, or its internal name when
 * the public name is absent (null, or only spaces), as SPEC.md's slug rule
 * reads it ("public_name or, if absent, name"; propertySlug agrees).
 */
export function propertyDisplayName(home: { public_name?: string | null; name: string }): string {
  const publicName = home.public_name?.trim() ?? '';
  return publicName === '' ? home.name : publicName;
}
