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
  /** Where a card that needs the bank's own check (3-D Secure) comes back to; the booking confirmation by default. */
  returnPath?: string;
  /**
   * As the server created the intent: the card is kept for later charges
   * (installments, deposit holds) or the payment is a hold captured later
   * (the deposit). Stripe's form must be created with the same settings.
   */
  setupFutureUsage?: 'off_session';
  captureMethod?: 'manual';
  /** The submit button's verb before the amount: 'Pay' by default, 'Authorise' for a hold. */
  submitLabel?: string;
}
