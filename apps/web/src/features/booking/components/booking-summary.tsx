import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import {
  centsToDecimal,
  currency,
  formatDateRange,
  formatDollars,
  formatParty,
  nightsBetween,
  pluralize,
  toCents,
  type PropertyDetails,
} from '@sas/domain';
import { useHydrated } from '@/hooks/use-hydrated';
import { isApiError } from '@/lib/api-client';
import { useQuote, type QuoteInput } from '../api/get-quote';
import { useReserve } from '../hooks/use-reserve';
import { useStayParams } from './booking-panel/use-stay-params';
import { ReserveForm } from './reserve-form';
import './booking-summary.css';

/**
 * The price and Reserve beside a home's photos from the first screen (a bar
 * at the bottom of a phone's screen), as guests know them from Airbnb and
 * Vrbo. With dates in the URL it shows the all-in total (nights, cleaning fee
 * and taxes) from the same quote the calendar panel asks for: one price, one
 * request. Without dates, the lowest nightly rate and the way to the calendar.
 */
export function BookingSummary({ property }: { property: PropertyDetails }) {
  const [stay] = useStayParams(property);
  const { search } = useLocation();
  const reserve = useReserve(property);
  const { checkIn, checkOut, guests } = stay;
  const input: QuoteInput | null =
    checkIn !== undefined && checkOut !== undefined ? { checkIn, checkOut, guests } : null;
  const quote = useQuote(property.id, input);
  const current = input !== null && quote.data !== undefined && !quote.isPlaceholderData ? quote.data : undefined;
  // Before the page's code runs, Reserve submits the stay as a plain form and
  // the reservation page prices it itself: a tap on a phone still starting
  // the app is not lost (issue 25). Once it runs, Reserve hands over the
  // price on screen, and waits while a new one loads.
  const hydrated = useHydrated();
  const toCalendar = { search, hash: 'booking' };

  if (input === null) {
    return (
      <div className="booking-summary">
        <p className="booking-summary__price">
          {property.fromNightly === null ? (
            'Add your dates for prices'
          ) : (
            <>
              from <strong className="booking-summary__amount">{formatDollars(property.fromNightly)}</strong> / night
            </>
          )}
        </p>
        <Link to={toCalendar} className="button button--accent booking-summary__action">
          Choose dates
        </Link>
      </div>
    );
  }

  let price;
  if (quote.isError) {
    // The calendar below says the same: a rule (422) in its own words, anything else generically.
    const message = isApiError(quote.error) && quote.error.status === 422 ? quote.error.message : 'Failed to get quote';
    price = (
      <p className="booking-summary__alert" role="alert">
        {message}
      </p>
    );
  } else if (current === undefined) {
    // The same lines as the price, so nothing below moves when it arrives.
    price = (
      <p className="booking-summary__price" role="status">
        <strong className="booking-summary__amount">$…</strong> total
        <span className="booking-summary__includes"> Getting your price…</span>
      </p>
    );
  } else {
    // schema.org Offer microdata, so Google's price check (issue 27) reads the
    // total it must equal from the server's HTML: price as a plain decimal.
    price = (
      <p
        className="booking-summary__price"
        data-testid="summary-total"
        itemScope
        itemType="https://schema.org/Offer"
        data-nav-price={centsToDecimal(toCents(current.total))}
        data-nav-currency={currency.toUpperCase()}
      >
        <meta itemProp="priceCurrency" content={currency.toUpperCase()} />
        <meta itemProp="price" content={centsToDecimal(toCents(current.total))} />
        <strong className="booking-summary__amount">{formatDollars(current.total)}</strong> total
        <span className="booking-summary__includes"> incl. cleaning fee and taxes</span>
        {current.discounts.map((line) => (
          <span className="booking-summary__discount" key={line.kind}>
            {' '}
            · {line.name}: −{formatDollars(line.amount)}
          </span>
        ))}
      </p>
    );
  }

  // Google's itinerary as the booking path carries it (data-nav-*), for its landing-page check.
  return (
    <div
      className="booking-summary"
      data-nav-checkin={input.checkIn}
      data-nav-checkout={input.checkOut}
      data-nav-adults={guests.adults}
      data-nav-children={guests.children}
    >
      <div className="booking-summary__text">
        {price}
        <p className="booking-summary__stay">
          {formatDateRange(input.checkIn, input.checkOut)} ·{' '}
          {pluralize(nightsBetween(input.checkIn, input.checkOut), 'night')} · {formatParty(guests)}
        </p>
      </div>
      {quote.isError ? (
        <Link to={toCalendar} className="button button--secondary booking-summary__action">
          Change dates
        </Link>
      ) : (
        <ReserveForm
          slug={property.slug}
          stay={stay}
          className="booking-summary__form"
          onReserve={current === undefined ? undefined : () => reserve(input, current)}
        >
          <button
            type="submit"
            className="button button--accent booking-summary__action"
            data-nav-action="book"
            disabled={hydrated && current === undefined}
          >
            Reserve
          </button>
        </ReserveForm>
      )}
    </div>
  );
}
