import { useId, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  addDays,
  formatDateRange,
  formatDateWithWeekday,
  minimumStayMessage,
  mobileBreakpointPx,
  nightsBetween,
  pluralize,
  todayIn,
  type PropertyDetails,
} from '@sas/domain';
import { isApiError } from '@/lib/api-client';
import { withStayQuery } from '@/lib/stay-query';
import { useReserve } from '../../hooks/use-reserve';
import { useCalendar } from '../../api/get-calendar';
import { useQuote, type QuoteInput } from '../../api/get-quote';
import { useMediaQuery } from '@/hooks/use-media-query';
import { GuestSelector } from './guest-selector';
import { QuoteSummary } from './quote-summary';
import { ReserveForm } from '../reserve-form';
import { StayCalendar, StayForms } from './stay-calendar';
import { minimumStay, toAvailability, type StayDates } from './stay-selection';
import { stayQueryOf, useStayParams } from './use-stay-params';

const narrowScreen = `(max-width: ${mobileBreakpointPx}px)`;

function calendarPrompt(dates: StayDates, minStay: number | null): string {
  if (dates.checkIn === undefined) return 'Select your check-in date.';
  if (dates.checkOut === undefined) {
    const minimum = minStay === null ? '' : ` (${minStay}-night minimum)`;
    return `Check-in ${formatDateWithWeekday(dates.checkIn)}. Now select your check-out date${minimum}.`;
  }
  return `${formatDateRange(dates.checkIn, dates.checkOut)}: ${pluralize(nightsBetween(dates.checkIn, dates.checkOut), 'night')}.`;
}

/**
 * The first-party booking panel (DESIGN.md "Third-party widgets"): dates on
 * a calendar of the home's free nights, the party, the server's live price
 * and Reserve, which starts the reservation flow with that price.
 */
export function BookingPanel({ property }: { property: PropertyDetails }) {
  const startReservation = useReserve(property);
  // The server draws two months; on a phone its stylesheet hides the second
  // until the page's code draws one (booking-panel.css).
  const narrow = useMediaQuery(narrowScreen);
  const [stay, updateStay] = useStayParams(property);
  const calendar = useCalendar(property.id);
  // Before the page's code runs, the days and Clear dates submit plain forms
  // back to this page with the new stay (see StayForms), ending at this panel.
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const formId = useId();
  const forms = useMemo(() => ({ start: `${formId}-start`, end: `${formId}-end` }), [formId]);
  const keptFields = [
    ...withStayQuery(searchParams, stayQueryOf({ ...stay, checkIn: undefined, checkOut: undefined })).entries(),
  ];

  // The calendar's today is the home's; until it arrives the home's time zone gives the same day.
  const today = calendar.data?.today ?? todayIn(property.timeZone);
  const availability = useMemo(() => toAvailability(today, calendar.data?.unavailable ?? []), [today, calendar.data]);
  const lastNight = calendar.data ? addDays(calendar.data.to, -1) : null;

  const { checkIn, checkOut, guests } = stay;
  const minStay = checkIn !== undefined && calendar.data ? minimumStay(calendar.data, checkIn) : null;
  const nights = checkIn !== undefined && checkOut !== undefined ? nightsBetween(checkIn, checkOut) : 0;
  // Known too short from the calendar: said at once, without asking the server.
  const tooShort = minStay !== null && nights > 0 && nights < minStay;

  const quoteInput: QuoteInput | null =
    checkIn !== undefined && checkOut !== undefined && !tooShort ? { checkIn, checkOut, guests } : null;
  const quote = useQuote(property.id, quoteInput);
  // A disabled query can still hold the last stay's price as placeholder: only a live input shows one.
  const shownQuote = quoteInput === null ? undefined : quote.data;
  const currentQuote = shownQuote !== undefined && !quote.isPlaceholderData && !quote.isError ? shownQuote : undefined;

  const reserve =
    currentQuote === undefined || quoteInput === null ? undefined : () => startReservation(quoteInput, currentQuote);

  let priceArea;
  if (tooShort) {
    priceArea = (
      <p className="booking-panel__alert" role="alert">
        {minimumStayMessage(minStay)}
      </p>
    );
  } else if (quoteInput === null) {
    priceArea = (
      <p className="booking-panel__hint">
        {checkIn === undefined ? 'Add your dates for the total price.' : 'Add your check-out date for the total price.'}
      </p>
    );
  } else if (quote.isError) {
    // SPEC.md sections 5 and 8: a business rule (422) speaks for itself; anything else is generic.
    const message = isApiError(quote.error) && quote.error.status === 422 ? quote.error.message : 'Failed to get quote';
    priceArea = (
      <p className="booking-panel__alert" role="alert">
        {message}
      </p>
    );
  } else if (shownQuote === undefined) {
    priceArea = (
      <p className="booking-panel__hint" role="status">
        Getting your price…
      </p>
    );
  } else {
    priceArea = <QuoteSummary quote={shownQuote} updating={quote.isPlaceholderData} />;
  }

  return (
    <div className="booking-panel">
      <div className="booking-panel__dates">
        <StayForms ids={forms} action={`${pathname}#booking`} fields={keptFields} checkIn={checkIn} />
        <div className="booking-panel__chosen">
          <dl className="booking-panel__stay">
            <div>
              <dt>Check-in</dt>
              <dd>{checkIn === undefined ? 'Add date' : formatDateWithWeekday(checkIn)}</dd>
            </div>
            <div>
              <dt>Check-out</dt>
              <dd>{checkOut === undefined ? 'Add date' : formatDateWithWeekday(checkOut)}</dd>
            </div>
          </dl>
          {checkIn === undefined ? null : (
            <button
              type="submit"
              form={forms.start}
              className="booking-panel__clear"
              onClick={(event) => {
                event.preventDefault();
                updateStay({ checkIn: undefined, checkOut: undefined });
              }}
            >
              Clear dates
            </button>
          )}
        </div>
        {calendar.isPending ? (
          // Days become clickable once it is known which are free; the space is held meanwhile.
          <div className="stay-calendar stay-calendar--loading" aria-busy="true">
            <p className="booking-panel__hint">Loading available dates…</p>
          </div>
        ) : (
          <StayCalendar
            dates={{ checkIn, checkOut }}
            availability={availability}
            lastNight={lastNight}
            numberOfMonths={narrow ? 1 : 2}
            onChange={(dates) => updateStay(dates)}
            forms={forms}
          />
        )}
        <div className="booking-panel__calendar-notes">
          <p className="booking-panel__prompt" role="status">
            {calendarPrompt({ checkIn, checkOut }, minStay)}
          </p>
          {minStay === null ? null : <p className="booking-panel__min-stay">{minStay}-night minimum</p>}
          {calendar.isError ? (
            <p className="booking-panel__hint">
              We could not load which nights are taken. Pick your dates and we will check them as we price your stay.
            </p>
          ) : null}
        </div>
      </div>

      <div className="booking-panel__summary">
        <GuestSelector
          guests={guests}
          maxGuests={property.maxGuests}
          petsAllowed={property.petsAllowed}
          onChange={(next) => updateStay({ guests: next })}
        />
        {/* A quote on its way or shown keeps a full quote's height; a message takes its own. */}
        <div
          className={`booking-panel__price${quoteInput !== null && !quote.isError ? ' booking-panel__price--quote' : ''}`}
        >
          {priceArea}
        </div>
        <ReserveForm slug={property.slug} stay={stay} onReserve={reserve} className="booking-panel__reserve-form">
          <button
            type="submit"
            className="button button--accent button--large booking-panel__reserve"
            disabled={currentQuote === undefined}
          >
            Reserve
          </button>
        </ReserveForm>
        <p className="booking-panel__fine-print">You won't be charged yet.</p>
      </div>
    </div>
  );
}
