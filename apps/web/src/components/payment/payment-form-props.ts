import type { PaymentIntent } from '../api/create-payment-intent';

/** What either provider's form gets from the checkout. */
export interface PaymentFormProps {
  paymentIntent: PaymentIntent;
  publishableKey: string;
  /** The provider reported the payment succeeded. */
  onPaid: (paymentIntentId: string) => void;
}
