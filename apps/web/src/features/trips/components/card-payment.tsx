import { lazy, Suspense } from 'react';
import { sandboxPublishableKey, type TripPaymentResponse } from '@sas/domain';
import { SandboxCardForm } from '@/components/payment/sandbox-card-form';
import type { PaymentFormProps } from '@/components/payment/payment-form-props';

// Downloaded only when the server runs Stripe.
const StripePaymentForm = lazy(() => import('@/components/payment/stripe-payment-form'));

interface CardPaymentProps {
  payment: TripPaymentResponse;
  /** The booking's page, where a card that needs the bank's own check comes back to. */
  returnPath: string;
  /** A hold captured later (the deposit) rather than a charge. */
  captureMethod?: 'manual';
  submitLabel?: string;
  onPaid: (paymentIntentId: string) => void;
}

/**
 * The provider's card form for a payment opened on the booking's page, as the
 * concierge order uses it. The card is kept for the stay's later charges
 * (another installment, the deposit's renewals), as the server asks.
 */
export function CardPayment({ payment, returnPath, captureMethod, submitLabel, onPaid }: CardPaymentProps) {
  const props: PaymentFormProps = {
    paymentIntent: payment,
    publishableKey: payment.publishableKey,
    onPaid,
    returnPath,
    setupFutureUsage: 'off_session',
    ...(captureMethod ? { captureMethod } : {}),
    ...(submitLabel ? { submitLabel } : {}),
  };
  return payment.publishableKey === sandboxPublishableKey ? (
    <SandboxCardForm {...props} />
  ) : (
    <Suspense fallback={<p role="status">Loading Stripe...</p>}>
      <StripePaymentForm {...props} />
    </Suspense>
  );
}
