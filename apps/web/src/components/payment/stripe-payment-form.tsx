// Stripe mode only: this module (and with it @stripe/stripe-js, which injects
// Stripe's script, and the React bindings) is imported lazily by the checkout
// when the server names 'stripe' as the provider, so sandbox and every other
// page never download it.
import { useState, type FormEvent } from 'react';
import { ExpressCheckoutElement, Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { formatUsd } from '@sas/domain';
import type { PaymentFormProps } from './payment-form-props';

const genericFailure = 'Your payment could not be completed. Please try again.';

function StripeForm({
  paymentIntent,
  onPaid,
  returnPath,
  submitLabel = 'Pay',
}: Pick<PaymentFormProps, 'paymentIntent' | 'onPaid' | 'returnPath' | 'submitLabel'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);
  const [walletShown, setWalletShown] = useState(false);

  async function pay(): Promise<void> {
    if (stripe === null || elements === null) return;
    setProcessing(true);
    setProviderError(null);
    // Deferred-intent flow: the Elements were created from the amount, so
    // their input is checked first, then the server's intent is confirmed.
    const submitted = await elements.submit();
    if (submitted.error) {
      setProviderError(submitted.error.message ?? genericFailure);
      setProcessing(false);
      return;
    }
    const { error, paymentIntent: result } = await stripe.confirmPayment({
      elements,
      clientSecret: paymentIntent.clientSecret,
      confirmParams: { return_url: `${window.location.origin}${returnPath ?? '/booking-confirmation'}` },
      redirect: 'if_required',
    });
    if (error) {
      setProviderError(error.message ?? genericFailure);
      setProcessing(false);
      return;
    }
    if (result.status === 'succeeded') {
      onPaid(result.id);
      return;
    }
    // SPEC.md section 4: any other status ends processing.
    setProcessing(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void pay();
  }

  function handleWalletConfirm(_event: StripeExpressCheckoutElementConfirmEvent) {
    void pay();
  }

  return (
    <div className="stripe-checkout">
      {/* The wallet button (Apple Pay, Google Pay, Link) shows only where the browser supports one. */}
      <div className="stripe-checkout__wallet" hidden={!walletShown}>
        <ExpressCheckoutElement
          onConfirm={handleWalletConfirm}
          onReady={({ availablePaymentMethods }) => setWalletShown(availablePaymentMethods !== undefined)}
        />
        <p className="stripe-checkout__or">or pay by card</p>
      </div>
      <form className="card-form" aria-label="Card details" onSubmit={handleSubmit}>
        <PaymentElement />
        {providerError !== null && (
          <p className="form-error form-error--box" role="alert">
            {providerError}
          </p>
        )}
        <button
          type="submit"
          className="button button--accent button--large card-form__pay"
          disabled={processing || stripe === null}
        >
          {processing ? 'Processing...' : `${submitLabel} ${formatUsd(paymentIntent.amount)}`}
        </button>
      </form>
    </div>
  );
}

export default function StripePaymentForm({
  publishableKey,
  paymentIntent,
  onPaid,
  returnPath,
  setupFutureUsage,
  captureMethod,
  submitLabel,
}: PaymentFormProps) {
  // Once per key: loadStripe must not run again on every render.
  const [stripe] = useState(() => loadStripe(publishableKey));
  return (
    <Elements
      stripe={stripe}
      // Deferred-intent flow: these must match the intent the server created, or Stripe refuses to confirm it.
      options={{
        mode: 'payment',
        amount: paymentIntent.amount,
        currency: paymentIntent.currency.toLowerCase(),
        ...(setupFutureUsage ? { setupFutureUsage } : {}),
        ...(captureMethod ? { captureMethod } : {}),
      }}
    >
      <StripeForm
        paymentIntent={paymentIntent}
        onPaid={onPaid}
        {...(returnPath ? { returnPath } : {})}
        {...(submitLabel ? { submitLabel } : {})}
      />
    </Elements>
  );
}
