import { useLocation } from 'react-router';
import { parseDraft, type ReservationDraft } from '../utils/reservation-draft';
import { Checkout } from './checkout';
import { OrderSummary } from './order-summary';
import './booking.css';

/** Navigation state of /payment: the reservation to pay for. */
export interface PaymentState {
  reservation: ReservationDraft;
}

function readPaymentState(state: unknown): ReservationDraft | null {
  if (typeof state !== 'object' || state === null || !('reservation' in state)) return null;
  return parseDraft(state.reservation);
}

/** /payment (SPEC.md section 2): the checkout on its own, for a reservation handed over in navigation state. */
export function PaymentPage() {
  const location = useLocation();
  const reservation = readPaymentState(location.state);

  if (reservation === null) {
    return (
      <div className="page-container booking booking--empty">
        <h1 className="booking__title">Payment</h1>
        <p className="error-box__message" role="alert">
          Reservation details not found.
        </p>
      </div>
    );
  }
  return (
    <div className="page-container booking">
      <header className="booking__header">
        <h1 className="booking__title">Payment</h1>
      </header>
      <div className="booking__layout">
        <div className="booking__main">
          <section className="booking-card" aria-labelledby="payment-title">
            <h2 id="payment-title" className="booking-card__title">
              Payment details
            </h2>
            <Checkout draft={reservation} />
          </section>
        </div>
        <OrderSummary draft={reservation} />
      </div>
    </div>
  );
}
