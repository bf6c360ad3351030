import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { bookingContactSchema, datesNoLongerAvailableMessage, formatUsd } from '@sas/domain';
import { LoadingOverlay } from '@/components/loading-overlay';
import { isApiError } from '@/lib/api-client';
import { correctedAmount, isSuperseded, usePaymentIntent, type PaymentIntentInput } from '../api/create-payment-intent';
import { usePaymentConfig } from '../api/get-publishable-key';
import { useCompleteBooking } from '../hooks/use-complete-booking';
import { draftAmounts, type ReservationDraft } from '../utils/reservation-draft';
import { SandboxCardForm } from '@/components/payment/sandbox-card-form';
import { scheduleOf } from './add-ons-form';

// Downloaded only when the server runs Stripe (see the module's header).
const StripePaymentForm = lazy(() => import('@/components/payment/stripe-payment-form'));

/** SPEC.md section 2: shown until the publishable key and the payment intent are both ready. */
function LoadingPayment() {
  return (
    <p className="checkout__loading" role="status">
      <span className="checkout__spinner" aria-hidden="true" />
      Loading Stripe...
    </p>
  );
}

/** The error box of SPEC.md section 2, for failures before any money moves. */
function ErrorBox({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="error-box" role="alert">
      <p className="error-box__message">{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

function paymentIntentInput(draft: ReservationDraft, amount: number): PaymentIntentInput {
  const { stay } = draft;
  // Checked at step 1 with the server's own schema; trimmed as it trims them.
  const contact = bookingContactSchema.safeParse(draft.contact);
  return {
    order: {
      propertyId: draft.home.id,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: stay.guests,
      addOns: draft.addOns.map((addOn) => ({
        id: addOn.id,
        ...(addOn.option === undefined ? {} : { option: addOn.option }),
        ...scheduleOf(addOn, stay),
      })),
      amount,
      confirmationCode: draft.reference,
    },
    contact: contact.success ? contact.data : draft.contact,
  };
}

const holdTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function formatHold(holdExpiresAt: string): string | null {
  const time = Date.parse(holdExpiresAt);
  return Number.isNaN(time) ? null : holdTime.format(time);
}

/**
 * The checkout of SPEC.md sections 2 and 4, the same at step 3 of
 * /reservation and on /payment. It asks the server which payment provider
 * runs, then opens a payment intent for the order (the server re-prices it
 * and holds the nights), and shows that provider's form. A changed price or
 * taken nights are answered before the guest types a card number.
 */
export function Checkout({ draft }: { draft: ReservationDraft }) {
  // A price the guest accepted after the server said ours was out of date.
  const [acceptedAmount, setAcceptedAmount] = useState<number | null>(null);
  const config = usePaymentConfig();
  const intent = usePaymentIntent(paymentIntentInput(draft, acceptedAmount ?? draftAmounts(draft).total), {
    enabled: config.isSuccess,
  });
  const { state: completion, complete } = useCompleteBooking(draft);

  if (completion.phase === 'not-booked') {
    return (
      <div className="error-box" role="alert">
        <p className="error-box__message">{completion.message}</p>
        <Link to={`/property/${draft.home.slug}`} className="button button--primary">
          Back to {draft.home.name}
        </Link>
      </div>
    );
  }
  if (config.isError) return <ErrorBox message={config.error.message} onRetry={() => void config.refetch()} />;
  if (intent.isError) {
    const corrected = correctedAmount(intent.error);
    if (corrected !== null) {
      return (
        <div className="error-box" role="alert">
          <p className="error-box__message">{intent.error.message}</p>
          <p>
            New total: <strong>{formatUsd(corrected)}</strong>
          </p>
          <button type="button" className="button button--primary" onClick={() => setAcceptedAmount(corrected)}>
            Continue with the new total
          </button>
        </div>
      );
    }
    if (isSuperseded(intent.error)) {
      return <ErrorBox message={intent.error.message} onRetry={() => void intent.refetch()} />;
    }
    if (isApiError(intent.error) && intent.error.status === 409) {
      return (
        <div className="error-box" role="alert">
          <p className="error-box__message">{datesNoLongerAvailableMessage}</p>
          <Link to={`/property/${draft.home.slug}`} className="button button--primary">
            Choose other dates
          </Link>
        </div>
      );
    }
    return <ErrorBox message={intent.error.message} onRetry={() => void intent.refetch()} />;
  }
  if (!config.isSuccess || !intent.isSuccess) return <LoadingPayment />;

  const paymentIntent = intent.data;
  const onPaid = (paymentIntentId: string) => void complete(paymentIntentId, paymentIntent);
  const formProps = { paymentIntent, publishableKey: config.data.publishableKey, onPaid };
  const holdUntil = formatHold(paymentIntent.holdExpiresAt);

  return (
    <div className="checkout">
      <p className="checkout__amount">
        Amount due: <strong>{formatUsd(paymentIntent.amount)}</strong>
        {holdUntil !== null && (
          <span className="checkout__hold"> We are holding these dates for you until {holdUntil}.</span>
        )}
      </p>
      {config.data.provider === 'stripe' ? (
        <Suspense fallback={<LoadingPayment />}>
          <StripePaymentForm {...formProps} />
        </Suspense>
      ) : (
        <SandboxCardForm {...formProps} />
      )}
      {completion.phase === 'finishing' && <LoadingOverlay label="Processing your reservation..." />}
    </div>
  );
}
