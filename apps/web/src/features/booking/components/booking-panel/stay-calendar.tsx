import { createContext, use, useMemo, useState } from 'react';
import { DayButton, DayPicker, type DateRange, type DayButtonProps } from 'react-day-picker';
import type { IsoDate } from '@sas/domain';
import { replacesAtOnce } from '@/lib/submit-get-forms';
import {
  isChoosingCheckOut,
  isDayDisabled,
  isoToLocalDate,
  localDateToIso,
  selectDay,
  type Availability,
  type StayDates,
} from './stay-selection';

/**
 * The two plain forms (GET, to the page's own address) a day submits before
 * the page's code runs (issue 25), in place of the page in the history as the
 * app's own change of the stay is (where JavaScript runs): `start` carries the page's other values
 * (guests, a campaign tag) and a day becomes the check-in; `end` carries the
 * check-in too, and a later day becomes the check-out. The server draws the
 * page again with the new stay, as the app would.
 */
export interface StayFormIds {
  start: string;
  end: string;
}

interface StayFormsProps {
  ids: StayFormIds;
  /** The page's address the forms submit to (its query is replaced by the form's fields). */
  action: string;
  /** The page's query without its dates. */
  fields: readonly [string, string][];
  checkIn: IsoDate | undefined;
}

/** The forms of StayFormIds, empty and hidden: their buttons are the calendar's days (and Clear dates). */
export function StayForms({ ids, action, fields, checkIn }: StayFormsProps) {
  const inputs = fields.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <>
      <form id={ids.start} method="get" action={action} hidden {...replacesAtOnce}>
        {inputs}
      </form>
      <form id={ids.end} method="get" action={action} hidden {...replacesAtOnce}>
        {inputs}
        {checkIn === undefined ? null : <input type="hidden" name="checkin" value={checkIn} />}
      </form>
    </>
  );
}

const DayForms = createContext<{ ids: StayFormIds; dates: StayDates } | null>(null);

/**
 * react-day-picker's day button as a submit button of one of the StayForms,
 * with the day as the check-in or the check-out (as selectDay decides). Once
 * the page's code runs, the picker's own click handling takes over and the
 * form is not submitted.
 */
function SubmittingDayButton(props: DayButtonProps) {
  const forms = use(DayForms);
  const { onClick } = props;
  if (forms === null) return <DayButton {...props} />;
  const day = localDateToIso(props.day.date);
  const completes = isChoosingCheckOut(forms.dates) && day > forms.dates.checkIn;
  return (
    <DayButton
      {...props}
      type="submit"
      form={completes ? forms.ids.end : forms.ids.start}
      name={completes ? 'checkout' : 'checkin'}
      value={day}
      onClick={(event) => {
        event.preventDefault();
        onClick?.(event);
      }}
    />
  );
}

const components = { DayButton: SubmittingDayButton };

interface StayCalendarProps {
  dates: StayDates;
  availability: Availability;
  /** The last night the calendar answer covers; later months are not offered. */
  lastNight: IsoDate | null;
  numberOfMonths: 1 | 2;
  onChange: (dates: StayDates) => void;
  /** The StayForms its days submit before the page's code runs. */
  forms: StayFormIds;
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
export function StayCalendar({ dates, availability, lastNight, numberOfMonths, onChange, forms }: StayCalendarProps) {
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
  const dayForms = useMemo(() => ({ ids: forms, dates }), [forms, dates]);

  return (
    <DayForms value={dayForms}>
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
        components={components}
      />
    </DayForms>
  );
}
