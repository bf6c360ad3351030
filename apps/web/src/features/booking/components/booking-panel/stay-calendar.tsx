import { useMemo, useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { IsoDate } from '@sas/domain';
import {
  isDayDisabled,
  isoToLocalDate,
  localDateToIso,
  selectDay,
  type Availability,
  type StayDates,
} from './stay-selection';

interface StayCalendarProps {
  dates: StayDates;
  availability: Availability;
  /** The last night the calendar answer covers; later months are not offered. */
  lastNight: IsoDate | null;
  numberOfMonths: 1 | 2;
  onChange: (dates: StayDates) => void;
}

function monthStart(iso: IsoDate): Date {
  const date = isoToLocalDate(iso);
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

/**
 * Two months of days (one on a phone) to pick check-in, then check-out.
 * react-day-picker brings the grid semantics and keyboard use (arrows, Home,
 * End, Page Up/Down, Enter); the rules of which day may be clicked are ours.
 */
export function StayCalendar({ dates, availability, lastNight, numberOfMonths, onChange }: StayCalendarProps) {
  // Opens on the stay already chosen (from a link), else on this month; later the guest pages freely.
  const [month, setMonth] = useState(() => monthStart(dates.checkIn ?? availability.today));
  const selected = useMemo<DateRange | undefined>(
    () =>
      dates.checkIn === undefined
        ? undefined
        : {
            from: isoToLocalDate(dates.checkIn),
            to: dates.checkOut === undefined ? undefined : isoToLocalDate(dates.checkOut),
          },
    [dates.checkIn, dates.checkOut],
  );

  return (
    <DayPicker
      mode="range"
      className="stay-calendar"
      selected={selected}
      // The new range is ours to decide (see selectDay): only the clicked day matters.
      onSelect={(_range, day) => onChange(selectDay(dates, localDateToIso(day)))}
      disabled={(day) => isDayDisabled(localDateToIso(day), dates, availability)}
      modifiers={{ booked: (day) => availability.unavailableSet.has(localDateToIso(day)) }}
      modifiersClassNames={{ booked: 'stay-calendar__booked' }}
      month={month}
      onMonthChange={setMonth}
      startMonth={monthStart(availability.today)}
      endMonth={lastNight === null ? undefined : monthStart(lastNight)}
      numberOfMonths={numberOfMonths}
      // Always six week rows: changing month never changes the calendar's height.
      fixedWeeks
      showOutsideDays={false}
      weekStartsOn={0}
      today={isoToLocalDate(availability.today)}
    />
  );
}
