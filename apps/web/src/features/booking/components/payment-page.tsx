import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PaymentPlan } from '@sas/domain';
import { parseDraft, saveDraft, withAgreementRefused, type ReservationDraft } from '../utils/reservation-draft';
import { Checkout } from './checkout';
import { OrderSummary } from './order-summary';
import type { AgreementRefusedState } from './reservation-page';
import './booking.css';

/** Navigation state of /payment: the reservation to pay for. */
export interface PaymentState {
  reservation: ReservationDraft;
}

function readPaymentState(state: unknown): ReservationDraft | null {
  if (typeof state !== 'object' || state === null || !('reservation' in state)) return null;
  return parseDraft(state.reservation);
}

function PaymentFlow({ initial }: { initial: ReservationDraft }) {
  const navigate = useNavigate();
  const [reservation, setReservation] = useState(initial);

  const choosePlan = useCallback((paymentPlan: PaymentPlan) => {
    setReservation((current) => ({ ...current, paymentPlan }));
  }, []);

  // The agreement's boxes are at step 2 of /reservation: the reservation goes back there, saying why.
  const agreementRefused = useCallback(
    (message: string) => {
      saveDraft(withAgreementRefused(reservation, message));
      const state: AgreementRefusedState = { agreementRefusal: message };
      void navigate('/reservation', { state });
    },
    [navigate, reservation],
  );

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
            <Checkout draft={reservation} onPlanChange={choosePlan} onAgreementRefused={agreementRefused} />
          </section>
        </div>
        <OrderSummary draft={reservation} />
      </div>
    </div>
  );
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
  return <PaymentFlow initial={reservation} />;
}
