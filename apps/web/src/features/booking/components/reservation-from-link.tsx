import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { propertyPath, type PropertyDetails } from '@sas/domain';
import { Link } from '@/components/link';
import { LoadingOverlay } from '@/components/loading-overlay';
import { isApiError, isNotFound } from '@/lib/api-client';
import { withStayQuery } from '@/lib/stay-query';
import { useQuote, type QuoteInput } from '../api/get-quote';
import { reservationHome } from '../hooks/use-reserve';
import type { ReservationLink } from '../utils/reservation-link';
import type { ReservationStartState } from '../utils/reservation-draft';
import { resolveStay } from './booking-panel/use-stay-params';
import './booking.css';

/** The home the address names, as the route asked for it (the booking feature does not fetch homes). */
export interface LinkedHome {
  data: PropertyDetails | undefined;
  error: Error | null;
}

function Refusal({ message, back }: { message: string; back: { to: string; label: string } }) {
  return (
    <div className="page-container booking booking--empty">
      <h1 className="booking__title">Reserve your stay</h1>
      <p className="error-box__message" role="alert">
        {message}
      </p>
      <Link to={back.to} className="button button--primary">
        {back.label}
      </Link>
    </div>
  );
}

/**
 * /reservation?home={slug}&checkin=…: a reservation started by its address
 * (the Reserve form before the page's code ran, a shared link). The home and
 * the server's price for the stay are asked for here; then the address
 * becomes /reservation with them as navigation state, as the property page's
 * Reserve hands them over, and the steps go on from there (a reload resumes
 * the same reservation).
 */
export function ReservationFromLink({ link, home }: { link: ReservationLink; home: LinkedHome }) {
  const navigate = useNavigate();
  const property = home.data;
  const input = useMemo((): QuoteInput | null => {
    const stay = property === undefined ? undefined : resolveStay(link.stay, property);
    return stay?.checkIn !== undefined && stay.checkOut !== undefined
      ? { checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests }
      : null;
  }, [property, link.stay]);
  const quote = useQuote(property?.id ?? '', input);
  const priced = input !== null && quote.data !== undefined && !quote.isPlaceholderData ? quote.data : undefined;

  useEffect(() => {
    if (property === undefined || input === null || priced === undefined) return;
    const start: ReservationStartState = { home: reservationHome(property), stay: input, quote: priced };
    void navigate('/reservation', { replace: true, state: start });
  }, [navigate, property, input, priced]);

  if (home.error !== null) {
    return isNotFound(home.error) ? (
      <Refusal message="This home cannot be booked online." back={{ to: '/collections', label: 'Browse our homes' }} />
    ) : (
      <Refusal
        message="We could not load this home just now."
        back={{ to: '/collections', label: 'Browse our homes' }}
      />
    );
  }
  if (property !== undefined) {
    const calendar = `${propertyPath(property.slug)}?${withStayQuery(new URLSearchParams(), link.stay).toString()}#booking`;
    if (input === null) {
      return (
        <Refusal message="Choose your dates to reserve this home." back={{ to: calendar, label: 'Choose dates' }} />
      );
    }
    if (quote.isError) {
      // A rule of the home (422: nights taken, a minimum stay) in its own words, anything else generically.
      const message =
        isApiError(quote.error) && quote.error.status === 422 ? quote.error.message : 'Failed to get quote';
      return <Refusal message={message} back={{ to: calendar, label: 'Change dates' }} />;
    }
  }
  return <LoadingOverlay label="Getting your price…" />;
}
