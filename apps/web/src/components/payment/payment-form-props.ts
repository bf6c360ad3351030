/** A payment the browser confirms with the provider's card form: a stay's, or a concierge service's. */
export interface PayableIntent {
  paymentIntentId: string;
  clientSecret: string;
  /** Cents. */
  amount: number;
  currency: string;
}

/** What either provider's form gets from the page that takes the payment. */
export interface PaymentFormProps {
  paymentIntent: PayableIntent;
  publishableKey: string;
  /** The provider reported the payment succeeded. */
  onPaid: (paymentIntentId: string) => void;
}
