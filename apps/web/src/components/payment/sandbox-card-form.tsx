import { useId, useState, type FormEvent } from 'react';
import { formatUsd } from '@sas/domain';
import { confirmSandboxPayment, type SandboxCard } from './confirm-sandbox-payment';
import type { PaymentFormProps } from './payment-form-props';
import './card-form.css';

type CardField = 'number' | 'expiry' | 'cvc';

const fieldErrors: Record<CardField, string> = {
  number: 'Enter the card number, 12 to 19 digits.',
  expiry: 'Enter the expiry date as MM/YY.',
  cvc: 'Enter the 3 or 4 digit security code.',
};

/** The card as the provider wants it, or the fields that are not filled in right. */
function readCard(number: string, expiry: string, cvc: string): SandboxCard | CardField[] {
  const digits = number.replace(/[\s-]/g, '');
  const expiryMatch = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  const month = Number(expiryMatch?.[1]);
  const year = Number(expiryMatch?.[2]);
  const invalid: CardField[] = [];
  if (!/^\d{12,19}$/.test(digits)) invalid.push('number');
  if (!expiryMatch || month < 1 || month > 12) invalid.push('expiry');
  if (!/^\d{3,4}$/.test(cvc.trim())) invalid.push('cvc');
  if (invalid.length > 0) return invalid;
  // Whether the card has expired is the provider's call, as it is with Stripe.
  return { number: digits, expMonth: month, expYear: year < 100 ? 2000 + year : year, cvc: cvc.trim() };
}

/**
 * The sandbox provider's card form (DESIGN.md "Money path" step 3): a local
 * stand-in for Stripe's Payment Element that follows Stripe's test cards.
 * A declined card leaves the payment open, so the guest can try another.
 */
export function SandboxCardForm({ paymentIntent, onPaid, submitLabel = 'Pay' }: PaymentFormProps) {
  // A page may show two forms at once (the booking's page: an installment and a service).
  const idPrefix = useId();
  const idOf = (part: string) => `${idPrefix}card-${part}`;
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [invalid, setInvalid] = useState<CardField[]>([]);
  const [processing, setProcessing] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = readCard(number, expiry, cvc);
    if (Array.isArray(card)) {
      setInvalid(card);
      document.getElementById(idOf(card[0] ?? 'number'))?.focus();
      return;
    }
    setInvalid([]);
    setProcessing(true);
    setProviderError(null);
    try {
      const result = await confirmSandboxPayment(paymentIntent.paymentIntentId, {
        clientSecret: paymentIntent.clientSecret,
        card,
      });
      if (result.status === 'succeeded') {
        // Processing stays on: the post-payment steps take over from here.
        onPaid(result.id);
        return;
      }
      setProcessing(false);
    } catch (error) {
      setProviderError(error instanceof Error ? error.message : 'Your payment could not be completed.');
      setProcessing(false);
    }
  }

  function fieldProps(field: CardField) {
    const isInvalid = invalid.includes(field);
    const describedBy = [field === 'number' ? idOf('hint') : null, isInvalid ? idOf(`${field}-error`) : null]
      .filter((id) => id !== null)
      .join(' ');
    return {
      id: idOf(field),
      'aria-invalid': isInvalid,
      'aria-describedby': describedBy === '' ? undefined : describedBy,
      required: true,
      disabled: processing,
    };
  }

  function fieldError(field: CardField) {
    return invalid.includes(field) ? (
      <p id={idOf(`${field}-error`)} className="form-error">
        {fieldErrors[field]}
      </p>
    ) : null;
  }

  return (
    <form className="card-form" noValidate aria-label="Card details" onSubmit={(event) => void handleSubmit(event)}>
      <p className="card-form__test-mode">Test mode - no real charge</p>
      <p id={idOf('hint')} className="card-form__hint">
        Use the test card 4242 4242 4242 4242 with any future expiry date and any CVC. The card 4000 0000 0000 0002 is
        declined.
      </p>
      <div className="field">
        <label htmlFor={idOf('number')}>Card number</label>
        <input
          {...fieldProps('number')}
          name="cardnumber"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
        />
        {fieldError('number')}
      </div>
      <div className="card-form__row">
        <div className="field">
          <label htmlFor={idOf('expiry')}>Expiry (MM/YY)</label>
          <input
            {...fieldProps('expiry')}
            name="exp-date"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          />
          {fieldError('expiry')}
        </div>
        <div className="field">
          <label htmlFor={idOf('cvc')}>CVC</label>
          <input
            {...fieldProps('cvc')}
            name="cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(event) => setCvc(event.target.value)}
          />
          {fieldError('cvc')}
        </div>
      </div>
      {providerError !== null && (
        <p className="form-error form-error--box" role="alert">
          {providerError}
        </p>
      )}
      <button type="submit" className="button button--accent button--large card-form__pay" disabled={processing}>
        {processing ? 'Processing...' : `${submitLabel} ${formatUsd(paymentIntent.amount)}`}
      </button>
    </form>
  );
}
