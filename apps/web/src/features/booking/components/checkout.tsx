import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '@/components/link';
import { bookingContactSchema, datesNoLongerAvailableMessage, formatUsd, type PaymentPlan } from '@sas/domain';
import { LoadingOverlay } from '@/components/loading-overlay';
import { isApiError } from '@/lib/api-client';
import {
  agreementRefusal,
  correctedAmount,
  isPromoRefused,
  isSuperseded,
  usePaymentIntent,
  type PaymentIntentInput,
} from '../api/create-payment-intent';
import { usePaymentConfig } from '../api/get-publishable-key';
import { useCompleteBooking } from '../hooks/use-complete-booking';
import {
  agreementInput,
  appliedPromoCode,
  canPayInInstallments,
  contactPayload,
  draftAmounts,
  effectivePaymentPlan,
  type ReservationDraft,
} from '../utils/reservation-draft';
import { SandboxCardForm } from '@/components/payment/sandbox-card-form';
import { scheduleOf } from './add-ons-section';
import { PaymentPlanChoice, PaymentSchedule } from './payment-plan';

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

function paymentIntentInput(draft: ReservationDraft, amount: number, paymentPlan: PaymentPlan): PaymentIntentInput {
  const { stay } = draft;
  // Checked at step 1 with the server's own schema; trimmed as it trims them.
  const contact = bookingContactSchema.safeParse(draft.contact);
  const promoCode = appliedPromoCode(draft);
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
      paymentPlan,
      agreement: agreementInput(draft),
      ...(promoCode === undefined ? {} : { promoCode }),
    },
    contact: contactPayload(contact.success ? contact.data : draft.contact, { optIns: true }),
  };
}

const holdTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function formatHold(holdExpiresAt: string): string | null {
  const time = Date.parse(holdExpiresAt);
  return Number.isNaN(time) ? null : holdTime.format(time);
}

interface CheckoutProps {
  draft: ReservationDraft;
  /** The guest chose another payment plan: a new intent is asked for, under the same reference. */
  onPlanChange: (plan: PaymentPlan) => void;
  /** The server refused the payment for the rental agreement (422); the message says which box. */
  onAgreementRefused: (message: string) => void;
  /** The promo code cannot be used (any more): the page prices the stay again without it. */
  onPromoRefused?: (() => void) | undefined;
}

/**
 * The checkout of SPEC.md sections 2 and 4, the same at step 3 of
 * /reservation and on /payment. It asks the server which payment provider
 * runs, then opens a payment intent for the order (the server re-prices it
 * and holds the nights), and shows that provider's form. A changed price or
 * taken nights are answered before the guest types a card number. When
 * check-in is far enough away the guest may pay in installments (issue 17):
 * the choice previews the schedule, and the server's own schedule is shown
 * once it has opened the payment.
 */
export function Checkout({ draft, onPlanChange, onAgreementRefused, onPromoRefused }: CheckoutProps) {
  // A price the guest accepted after the server said ours was out of date.
  const [acceptedAmount, setAcceptedAmount] = useState<number | null>(null);
  const total = acceptedAmount ?? draftAmounts(draft).total;
  const plan = effectivePaymentPlan(draft);
  const config = usePaymentConfig();
  const intent = usePaymentIntent(paymentIntentInput(draft, total, plan), { enabled: config.isSuccess });
  const { state: completion, complete } = useCompleteBooking(draft);
  const refusal = intent.isError ? agreementRefusal(intent.error) : null;

  useEffect(() => {
    if (refusal !== null) onAgreementRefused(refusal);
  }, [refusal, onAgreementRefused]);

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

  // Stays on screen while another plan's payment is opened, so focus stays on the chosen radio.
  const planChoice = canPayInInstallments(draft) && (
    <PaymentPlanChoice
      plan={plan}
      totalCents={total}
      stay={draft.stay}
      timeZone={draft.home.timeZone}
      disabled={completion.phase === 'finishing'}
      onChange={onPlanChange}
    />
  );
  return (
    <>
      {planChoice}
      <CheckoutBody
        draft={draft}
        plan={plan}
        config={config}
        intent={intent}
        refusal={refusal}
        onAcceptAmount={setAcceptedAmount}
        onPlanChange={onPlanChange}
        onPromoRefused={onPromoRefused}
        onPaid={complete}
        finishing={completion.phase === 'finishing'}
      />
    </>
  );
}

interface CheckoutBodyProps {
  draft: ReservationDraft;
  plan: PaymentPlan;
  config: ReturnType<typeof usePaymentConfig>;
  intent: ReturnType<typeof usePaymentIntent>;
  refusal: string | null;
  onAcceptAmount: (cents: number) => void;
  onPlanChange: (plan: PaymentPlan) => void;
  onPromoRefused?: (() => void) | undefined;
  onPaid: ReturnType<typeof useCompleteBooking>['complete'];
  finishing: boolean;
}

/** The payment itself: loading, the failures before any money moves, or the provider's card form. */
function CheckoutBody({
  draft,
  plan,
  config,
  intent,
  refusal,
  onAcceptAmount,
  onPlanChange,
  onPromoRefused,
  onPaid,
  finishing,
}: CheckoutBodyProps) {
  if (config.isError) return <ErrorBox message={config.error.message} onRetry={() => void config.refetch()} />;
  if (intent.isError) {
    if (refusal !== null) {
      // The page goes back to step 2 (onAgreementRefused), which says this beside the boxes.
      return (
        <div className="error-box" role="alert">
          <p className="error-box__message">{refusal}</p>
        </div>
      );
    }
    if (onPromoRefused !== undefined && isPromoRefused(intent.error)) {
      // Nothing was held or charged: the guest sees why and goes on at the price without the code.
      return (
        <div className="error-box" role="alert">
          <p className="error-box__message">{intent.error.message}</p>
          <button type="button" className="button button--primary" onClick={onPromoRefused}>
            Continue without the code
          </button>
        </div>
      );
    }
    const corrected = correctedAmount(intent.error);
    if (corrected !== null) {
      return (
        <div className="error-box" role="alert">
          <p className="error-box__message">{intent.error.message}</p>
          <p>
            New total: <strong>{formatUsd(corrected)}</strong>
          </p>
          <button type="button" className="button button--primary" onClick={() => onAcceptAmount(corrected)}>
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
    if (isApiError(intent.error) && intent.error.status === 422 && plan === 'installments') {
      // Installments no longer offered for these dates (the server's clock decides).
      return (
        <div className="error-box" role="alert">
          <p className="error-box__message">{intent.error.message}</p>
          <button type="button" className="button button--primary" onClick={() => onPlanChange('full')}>
            Pay in full instead
          </button>
        </div>
      );
    }
    return <ErrorBox message={intent.error.message} onRetry={() => void intent.refetch()} />;
  }
  if (!config.isSuccess || !intent.isSuccess) return <LoadingPayment />;

  const paymentIntent = intent.data;
  const formProps = {
    paymentIntent,
    publishableKey: config.data.publishableKey,
    onPaid: (paymentIntentId: string) => void onPaid(paymentIntentId, paymentIntent),
    // The server keeps the card for later installments and for the deposit's holds.
    ...(plan === 'installments' || draft.home.depositAmount > 0 ? { setupFutureUsage: 'off_session' as const } : {}),
  };
  const holdUntil = formatHold(paymentIntent.holdExpiresAt);
  const inInstallments = paymentIntent.schedule.length > 1;

  return (
    <div className="checkout">
      <p className="checkout__amount">
        {inInstallments ? 'Due today' : 'Amount due'}: <strong>{formatUsd(paymentIntent.amount)}</strong>
        {holdUntil !== null && (
          <span className="checkout__hold"> We are holding these dates for you until {holdUntil}.</span>
        )}
      </p>
      {inInstallments && <PaymentSchedule schedule={paymentIntent.schedule} />}
      {config.data.provider === 'stripe' ? (
        <Suspense fallback={<LoadingPayment />}>
          <StripePaymentForm {...formProps} />
        </Suspense>
      ) : (
        <SandboxCardForm {...formProps} />
      )}
      {finishing && <LoadingOverlay label="Processing your reservation..." />}
    </div>
  );
}
