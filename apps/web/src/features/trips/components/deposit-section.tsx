import { paymentReturnPath } from '../api/returned-payment';
import { useRef, useState } from 'react';
import {
  depositPolicy,
  formatDollars,
  type DepositSummary,
  type TripDetail,
  type TripPaymentResponse,
} from '@sas/domain';
import { useDepositAuthorization } from '../api/trip-payments';
import { formatDayInHomeTime, formatInHomeTime } from './cancellation-timeline';
import { CardPayment } from './card-payment';

/** The deposit's state in the guest's words, times on the home's clock. */
export function depositWords(deposit: DepositSummary, timeZone: string): string {
  const amount = formatDollars(deposit.amount);
  const release = `It is released ${depositPolicy.releasedDaysAfterCheckout} days after check-out.`;
  switch (deposit.status) {
    case 'none':
      return 'This home asks for no security deposit.';
    case 'scheduled':
      return deposit.holdFrom
        ? `A hold of ${amount} will be placed on ${formatDayInHomeTime(deposit.holdFrom, timeZone)}. ${release}`
        : `A hold of ${amount} will be placed ${depositPolicy.preAuthorisedDaysBefore} days before check-in. ${release}`;
    case 'held':
      return deposit.heldUntil
        ? `${amount} held on your card until ${formatInHomeTime(deposit.heldUntil, timeZone)}; the hold is renewed while needed. ${release}`
        : `${amount} held on your card. ${release}`;
    case 'released':
      return `Released: the hold of ${amount} has ended and nothing was taken.`;
    case 'captured':
      return deposit.capturedAmount === undefined
        ? `${amount} held; part of it was captured and the rest released. We have e-mailed you why.`
        : deposit.capturedFor
          ? `${amount} held; ${formatDollars(deposit.capturedAmount)} captured for ${deposit.capturedFor.toLowerCase()} and the rest released.`
          : `${amount} held; ${formatDollars(deposit.capturedAmount)} captured and the rest released. We have e-mailed you why.`;
    case 'failed':
      return `We could not place the hold of ${amount} on your card. Please authorise it with a card.`;
    case 'cancelled':
      return 'Cancelled: no hold will be placed.';
  }
}

interface DepositSectionProps {
  trip: TripDetail;
  token: string | null;
  cancelled: boolean;
}

/**
 * The security deposit (issue 17): its amount and state and, when the hold
 * could not be placed or renewed on the saved card, a card form to authorise
 * it again.
 */
export function DepositSection({ trip, token, cancelled }: DepositSectionProps) {
  const { start, confirm } = useDepositAuthorization(trip.code, token);
  const [payment, setPayment] = useState<TripPaymentResponse | null>(null);
  // Shown held at once, before the booking is fetched again.
  const [heldHere, setHeldHere] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const formTitleRef = useRef<HTMLParagraphElement>(null);
  const { deposit } = trip;
  if (deposit.status === 'none' && deposit.amount === 0) return null;

  const shown: DepositSummary = heldHere && deposit.status === 'failed' ? { ...deposit, status: 'held' } : deposit;
  const canAuthorise = shown.status === 'failed' && !cancelled && trip.status === 'confirmed';

  function open() {
    confirm.reset();
    start.mutate(undefined, {
      onSuccess: (answer) => {
        setPayment(answer);
        requestAnimationFrame(() => formTitleRef.current?.focus());
      },
    });
  }

  function authorised(paymentIntentId: string) {
    confirm.mutate(paymentIntentId, {
      onSuccess: () => {
        setPayment(null);
        setHeldHere(true);
        requestAnimationFrame(() => statusRef.current?.focus());
      },
    });
  }

  return (
    <section aria-labelledby="trip-deposit" className="trip__section">
      <h2 id="trip-deposit">Security deposit</h2>
      <p ref={statusRef} tabIndex={-1} className="trip__deposit" data-testid="deposit-status">
        {depositWords(shown, trip.timeZone)}
      </p>
      {heldHere && <p role="status">Thank you: the deposit is authorised.</p>}
      {canAuthorise &&
        (payment ? (
          <div className="trip__card-payment">
            <p ref={formTitleRef} tabIndex={-1} className="trip__card-payment-title">
              Authorise the {formatDollars(deposit.amount)} hold by card: it is not a charge.
            </p>
            <CardPayment
              payment={payment}
              returnPath={paymentReturnPath(trip.code, { kind: 'deposit' })}
              captureMethod="manual"
              submitLabel="Authorise"
              onPaid={authorised}
            />
            {confirm.isError && (
              <p role="alert" className="trip-error">
                {confirm.error.message}
              </p>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setPayment(null);
                requestAnimationFrame(() => document.getElementById('trip-deposit-authorise')?.focus());
              }}
            >
              Not now
            </button>
          </div>
        ) : (
          <>
            <button
              id="trip-deposit-authorise"
              type="button"
              className="button button--primary"
              disabled={start.isPending}
              onClick={open}
            >
              Authorise deposit
            </button>
            {start.isError && (
              <p role="alert" className="trip-error">
                {start.error.message}
              </p>
            )}
          </>
        ))}
    </section>
  );
}
