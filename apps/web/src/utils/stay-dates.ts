// Stay dates on screen. They are calendar dates (YYYY-MM-DD) with no time of
// day, so they are formatted at UTC midnight in UTC: no time zone can move
// them to the day before.
import type { IsoDate } from '@sas/domain';

const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const rangeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function utc(iso: IsoDate): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** 'Wed, Jan 20, 2027' */
export function formatStayDate(iso: IsoDate): string {
  return longDate.format(utc(iso));
}

/** 'Wed, Jan 20' */
export function formatStayDay(iso: IsoDate): string {
  return shortDate.format(utc(iso));
}

/** 'Jan 20 – 23, 2027', 'Dec 30, 2026 – Jan 2, 2027' */
export function formatStayRange(checkIn: IsoDate, checkOut: IsoDate): string {
  // formatRange throws for an end before the start, which a hand-edited URL can hold.
  if (checkOut < checkIn) return `${rangeFormat.format(utc(checkIn))} – ${rangeFormat.format(utc(checkOut))}`;
  return rangeFormat.formatRange(utc(checkIn), utc(checkOut));
}

export function pluralize(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
