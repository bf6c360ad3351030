import { paymentReturnPath } from '../api/returned-payment';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import {
  addOnCatalogue,
  conciergeDays,
  conciergeOrderDeadline,
  conciergeRules,
  formatDateWithWeekday,
  formatDollars,
  sandboxPublishableKey,
  type ConciergeOrderResponse,
  type TripDetail,
} from '@sas/domain';
import { SandboxCardForm } from '@/components/payment/sandbox-card-form';
import { useConciergeMutations } from '../api/concierge';
import { formatInHomeTime } from './cancellation-timeline';

// Downloaded only when the server runs Stripe.
const StripePaymentForm = lazy(() => import('@/components/payment/stripe-payment-form'));

const statusLabels = { pending: 'Awaiting payment', paid: 'Booked', cancelled: 'Cancelled', abandoned: 'Replaced' };

function OrderForm({ trip, token }: { trip: TripDetail; token: string | null }) {
  const id = useId();
  const { order, confirm } = useConciergeMutations(trip.code, token);
  const days = conciergeDays(trip.checkIn, trip.checkOut);
  const [addOnId, setAddOnId] = useState(String(conciergeRules.privateChefId));
  const [option, setOption] = useState('');
  const [date, setDate] = useState(days[1] ?? days[0] ?? trip.checkIn);
  const [time, setTime] = useState('18:00');
  const [payment, setPayment] = useState<ConciergeOrderResponse | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const addOn = addOnCatalogue.find((a) => String(a.id) === addOnId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    order.mutate(
      { id: Number(addOnId), date, time, ...(option ? { option } : {}) },
      { onSuccess: (answer) => setPayment(answer) },
    );
  }

  function paid() {
    if (!payment) return;
    confirm.mutate(payment.addOn.id, {
      onSuccess: (service) => {
        setPayment(null);
        setDone(
          service.status === 'paid'
            ? `${service.name} booked for ${formatDateWithWeekday(service.date)} at ${service.time}. We have e-mailed you the details.`
            : service.status === 'cancelled'
              ? `That evening was booked meanwhile (another tab?), so your payment of ${formatDollars(service.refundAmount ?? service.price)} was refunded in full.`
              : 'Your payment is being processed: the service will show here once it is confirmed.',
        );
        requestAnimationFrame(() => doneRef.current?.focus());
      },
    });
  }

  if (payment) {
    const { addOn: ordered } = payment;
    return (
      <div className="trip__concierge-pay">
        <p>
          {ordered.name}
          {ordered.option ? ` (${ordered.option})` : ''} on {formatDateWithWeekday(ordered.date)} at {ordered.time}:{' '}
          <strong>{formatDollars(ordered.price)}</strong>
        </p>
        {payment.payment.publishableKey === sandboxPublishableKey ? (
          <SandboxCardForm
            paymentIntent={payment.payment}
            publishableKey={payment.payment.publishableKey}
            onPaid={paid}
          />
        ) : (
          <Suspense fallback={<p role="status">Loading Stripe...</p>}>
            <StripePaymentForm
              paymentIntent={payment.payment}
              publishableKey={payment.payment.publishableKey}
              onPaid={paid}
              returnPath={paymentReturnPath(trip.code, { kind: 'service', id: payment.addOn.id })}
            />
          </Suspense>
        )}
        {confirm.isError && (
          <p role="alert" className="trip-error">
            {confirm.error.message}
          </p>
        )}
        <button type="button" className="button button--secondary" onClick={() => setPayment(null)}>
          Choose another service
        </button>
      </div>
    );
  }

  return (
    <form className="trip__concierge-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add a service</h3>
      {done && (
        <p ref={doneRef} tabIndex={-1} role="status" className="trip__concierge-done">
          {done}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-service`}>Service</label>
        <select
          id={`${id}-service`}
          value={addOnId}
          onChange={(event) => {
            setAddOnId(event.target.value);
            setOption('');
          }}
        >
          {addOnCatalogue.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({formatDollars(a.price / 100)})
            </option>
          ))}
        </select>
      </div>
      {addOn && addOn.options.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-option`}>How often</label>
          <select id={`${id}-option`} value={option} required onChange={(event) => setOption(event.target.value)}>
            <option value="">Choose…</option>
            {addOn.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-date`}>Day</label>
        <select id={`${id}-date`} value={date} onChange={(event) => setDate(event.target.value)}>
          {days.map((day) => (
            <option key={day} value={day}>
              {formatDateWithWeekday(day)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-time`}>Time (the home&apos;s local time)</label>
        <input
          id={`${id}-time`}
          type="time"
          value={time}
          required
          step={900}
          onChange={(e) => setTime(e.target.value)}
        />
      </div>
      <p className="trip__concierge-hint">
        Spa services and guided tours take place between {conciergeRules.daytimeFrom} and {conciergeRules.daytimeUntil};
        one private chef per evening.
      </p>
      {order.isError && (
        <p role="alert" className="trip-error">
          {order.error.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={order.isPending}>
        {order.isPending ? 'Checking…' : 'Continue to payment'}
      </button>
    </form>
  );
}

/** Concierge services added after booking: the list, each cancellable in time, and ordering a new one. */
export function ConciergeSection({
  trip,
  token,
  cancelled,
}: {
  trip: TripDetail;
  token: string | null;
  cancelled: boolean;
}) {
  const { cancel } = useConciergeMutations(trip.code, token);
  // When the page was opened; the server decides again on every order and cancellation.
  const [now] = useState(() => Date.now());
  const open =
    !cancelled && trip.status === 'confirmed' && now <= conciergeOrderDeadline(trip.checkIn, trip.timeZone).getTime();
  return (
    <section aria-labelledby="trip-concierge" className="trip__section">
      <h2 id="trip-concierge">Concierge services</h2>
      {trip.concierge.length === 0 ? (
        <p>No concierge services booked yet.</p>
      ) : (
        <ul className="trip__list">
          {trip.concierge.map((service) => (
            <li key={service.id}>
              {service.name}
              {service.option ? ` (${service.option})` : ''} · {formatDateWithWeekday(service.date)} at {service.time} ·{' '}
              {formatDollars(service.price)} · {statusLabels[service.status]}
              {service.withStay && service.status === 'paid' && ' with your stay'}
              {service.refundAmount !== null && <> · {formatDollars(service.refundAmount)} refunded</>}
              {service.status === 'paid' && service.cancellableUntil && now <= Date.parse(service.cancellableUntil) && (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(service.id)}
                  >
                    Cancel {service.name} (full refund until {formatInHomeTime(service.cancellableUntil, trip.timeZone)}
                    )
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {cancel.isError && (
        <p role="alert" className="trip-error">
          {cancel.error.message}
        </p>
      )}
      {open ? (
        <OrderForm trip={trip} token={token} />
      ) : (
        !cancelled &&
        trip.status === 'confirmed' && (
          <p>
            Services can be added until {conciergeRules.orderHoursBeforeCheckIn} hours before check-in. Please call us
            to arrange one now.
          </p>
        )
      )}
    </section>
  );
}
