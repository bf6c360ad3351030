import { paymentReturnPath } from '../api/returned-payment';
import { useRef, useState } from 'react';
import {
  formatDate,
  formatDollars,
  type ScheduledPayment,
  type TripDetail,
  type TripPaymentResponse,
} from '@sas/domain';
import { useInstallmentPayment } from '../api/trip-payments';
import { formatInHomeTime } from './cancellation-timeline';
import { CardPayment } from './card-payment';

function paymentName(payment: ScheduledPayment, count: number): string {
  return count === 1 ? 'Full payment' : `Payment ${payment.seq} of ${count}`;
}

function statusWords(payment: ScheduledPayment, timeZone: string): string {
  switch (payment.status) {
    case 'paid':
      return payment.paidAt ? `Paid on ${formatInHomeTime(payment.paidAt, timeZone)}` : 'Paid';
    case 'scheduled':
      return 'Scheduled: charged to your card that day';
    case 'failed':
      return 'Not paid: the charge failed';
    case 'waived':
      return 'Not charged';
  }
}

interface ScheduleSectionProps {
  trip: TripDetail;
  token: string | null;
  /** Cancelled on this page just now: nothing more is paid. */
  cancelled: boolean;
}

/**
 * The stay's charges (issue 17): paid in full, or up to three installments,
 * each with its state. A charge that failed says why and until when it can be
 * paid before the booking is cancelled (the home's clock), and can be paid
 * here by card.
 */
export function ScheduleSection({ trip, token, cancelled }: ScheduleSectionProps) {
  const { start, confirm } = useInstallmentPayment(trip.code, token);
  // The failed charge being paid here, once the server has opened its payment.
  const [paying, setPaying] = useState<{ seq: number; payment: TripPaymentResponse } | null>(null);
  // Shown paid at once, before the booking is fetched again.
  const [paidHere, setPaidHere] = useState<number[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const formTitleRef = useRef<HTMLParagraphElement>(null);
  const count = trip.schedule.length;
  if (count === 0) return null;

  function open(seq: number) {
    setDone(null);
    confirm.reset();
    start.mutate(seq, {
      onSuccess: (payment) => {
        setPaying({ seq, payment });
        // The button is replaced by the card form: focus goes to the form's title.
        requestAnimationFrame(() => formTitleRef.current?.focus());
      },
    });
  }

  function close(seq: number) {
    setPaying(null);
    requestAnimationFrame(() => document.getElementById(`trip-schedule-${seq}-pay`)?.focus());
  }

  function paid(seq: number, paymentIntentId: string, name: string) {
    confirm.mutate(
      { seq, paymentIntentId },
      {
        onSuccess: () => {
          setPaying(null);
          setPaidHere((current) => [...current, seq]);
          setDone(`${name} is paid. Thank you: we have e-mailed you a receipt.`);
          requestAnimationFrame(() => doneRef.current?.focus());
        },
      },
    );
  }

  return (
    <section aria-labelledby="trip-schedule" className="trip__section">
      <h2 id="trip-schedule">Payments</h2>
      {done && (
        <p ref={doneRef} tabIndex={-1} role="status" className="trip__done">
          {done}
        </p>
      )}
      <ol className="trip__list trip__schedule">
        {trip.schedule.map((scheduled) => {
          const payment: ScheduledPayment = paidHere.includes(scheduled.seq)
            ? { ...scheduled, status: 'paid', failureMessage: null, payBy: null }
            : scheduled;
          const name = paymentName(payment, count);
          const nameId = `trip-schedule-${payment.seq}`;
          const failed = payment.status === 'failed' && !cancelled && trip.status === 'confirmed';
          const isPaying = paying?.seq === payment.seq;
          return (
            <li key={payment.seq} className={`trip__installment trip__installment--${payment.status}`}>
              <p className="trip__installment-line">
                <strong id={nameId}>{name}</strong> · due {formatDate(payment.dueDate)} ·{' '}
                {formatDollars(payment.amount)} ·{' '}
                <span className="trip__installment-status">{statusWords(payment, trip.timeZone)}</span>
              </p>
              {failed && (
                <>
                  <p className="trip-error">
                    {payment.failureMessage}
                    {payment.payBy && (
                      <>
                        {' '}
                        Pay by <strong>{formatInHomeTime(payment.payBy, trip.timeZone)}</strong> to keep your booking.
                      </>
                    )}
                  </p>
                  {isPaying ? (
                    <div className="trip__card-payment">
                      <p ref={formTitleRef} tabIndex={-1} className="trip__card-payment-title">
                        Pay {name.charAt(0).toLowerCase() + name.slice(1)} by card
                      </p>
                      <CardPayment
                        payment={paying.payment}
                        returnPath={paymentReturnPath(trip.code, { kind: 'installment', seq: payment.seq })}
                        onPaid={(paymentIntentId) => paid(payment.seq, paymentIntentId, name)}
                      />
                      {confirm.isError && (
                        <p role="alert" className="trip-error">
                          {confirm.error.message}
                        </p>
                      )}
                      <button type="button" className="button button--secondary" onClick={() => close(payment.seq)}>
                        Not now
                      </button>
                    </div>
                  ) : (
                    <button
                      id={`${nameId}-pay`}
                      type="button"
                      className="button button--primary"
                      aria-describedby={nameId}
                      disabled={start.isPending}
                      onClick={() => open(payment.seq)}
                    >
                      Pay now
                    </button>
                  )}
                  {start.isError && start.variables === payment.seq && !isPaying && (
                    <p role="alert" className="trip-error">
                      {start.error.message}
                    </p>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
