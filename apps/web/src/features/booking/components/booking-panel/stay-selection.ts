// Picking a stay on the calendar, as plain date strings. The calendar shows
// days, but a stay is nights: a taken night cannot be a check-in, yet the
// morning after a free night can be a check-out even when that day's own
// night is taken (someone else arrives that afternoon).
import { defaultMinStay, minStayOnCalendar, type CalendarResponse, type IsoDate } from '@sas/domain';

export interface StayDates {
  checkIn?: IsoDate | undefined;
  checkOut?: IsoDate | undefined;
}

export interface Availability {
  /** Today where the home is: earlier days cannot be picked. */
  today: IsoDate;
  /** Taken nights, ascending. */
  unavailable: readonly IsoDate[];
  unavailableSet: ReadonlySet<IsoDate>;
}

export function toAvailability(today: IsoDate, unavailable: readonly IsoDate[]): Availability {
  return { today, unavailable, unavailableSet: new Set(unavailable) };
}

/** The guest has a check-in and is now choosing the check-out. */
export function isChoosingCheckOut(dates: StayDates): dates is { checkIn: IsoDate; checkOut?: undefined } {
  return dates.checkIn !== undefined && dates.checkOut === undefined;
}

/** The latest check-out after `checkIn`: the morning of the first taken night, or null when none follows. */
export function latestCheckOut(checkIn: IsoDate, availability: Availability): IsoDate | null {
  // ISO dates compare chronologically as strings.
  return availability.unavailable.find((night) => night > checkIn) ?? null;
}

/** Whether `day` can be clicked now: as a check-out while one is being chosen, else as a check-in. */
export function isDayDisabled(day: IsoDate, dates: StayDates, availability: Availability): boolean {
  if (day < availability.today) return true;
  if (isChoosingCheckOut(dates) && day > dates.checkIn) {
    const latest = latestCheckOut(dates.checkIn, availability);
    return latest !== null && day > latest;
  }
  return availability.unavailableSet.has(day);
}

/**
 * The stay after a click on `day`: it completes a check-in with a later
 * check-out; any other click starts over from a new check-in.
 */
export function selectDay(dates: StayDates, day: IsoDate): StayDates {
  if (isChoosingCheckOut(dates) && day > dates.checkIn) return { checkIn: dates.checkIn, checkOut: day };
  return { checkIn: day, checkOut: undefined };
}

/** The minimum stay for a check-in, as the server will apply it (the check-in night's). */
export function minimumStay(calendar: Pick<CalendarResponse, 'minStay'>, checkIn: IsoDate): number {
  return Math.max(defaultMinStay, minStayOnCalendar(calendar.minStay, checkIn));
}

/** A calendar date as the picker's local-midnight Date, and back. */
export function isoToLocalDate(iso: IsoDate): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function localDateToIso(date: Date): IsoDate {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}
