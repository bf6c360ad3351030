import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmConcierge } from './concierge';
import { confirmDepositAuthorization, confirmInstallmentPayment } from './trip-payments';
import { tripsQueryKey } from './trip-query-keys';

// A card payment made on the booking's page may leave for the bank's 3-D
// Secure page; Stripe then sends the browser back to the return path with
// `payment_intent` in the query. The return path names what was being paid
// (`paid=installment-2`, `paid=deposit`, `paid=service-<id>`), so the page
// records it as its own confirm call would have, then tidies the URL. The
// provider's webhook records it too; whichever comes first, the other
// changes nothing.

export type ReturnedPayment =
  { kind: 'installment'; seq: number } | { kind: 'deposit' } | { kind: 'service'; id: string };

const paidParam = 'paid';
const stripeParams = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

/** Where the card form sends the browser back to after a 3-D Secure step. */
export function paymentReturnPath(code: string, paid: ReturnedPayment): string {
  const value =
    paid.kind === 'installment'
      ? `installment-${paid.seq}`
      : paid.kind === 'service'
        ? `service-${paid.id}`
        : 'deposit';
  return `/trips/${encodeURIComponent(code)}?${new URLSearchParams({ [paidParam]: value }).toString()}`;
}

export function parseReturnedPayment(value: string | null): ReturnedPayment | null {
  if (value === 'deposit') return { kind: 'deposit' };
  const installment = /^installment-([1-3])$/.exec(value ?? '');
  if (installment?.[1]) return { kind: 'installment', seq: Number(installment[1]) };
  const service = /^service-([0-9a-f-]{36})$/i.exec(value ?? '');
  if (service?.[1]) return { kind: 'service', id: service[1] };
  return null;
}

function confirmReturned(code: string, token: string | null, paid: ReturnedPayment, paymentIntentId: string) {
  switch (paid.kind) {
    case 'installment':
      return confirmInstallmentPayment(code, token, paid.seq, paymentIntentId);
    case 'deposit':
      return confirmDepositAuthorization(code, token, paymentIntentId);
    case 'service':
      return confirmConcierge(code, token, paid.id);
  }
}

/** Records a payment the bank's page sent back here, once, then asks for the booking again. */
export function useReturnedPayment(code: string, token: string | null): void {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const paid = parseReturnedPayment(searchParams.get(paidParam));
  const paymentIntentId = searchParams.get('payment_intent');

  useEffect(() => {
    if (handled.current || !searchParams.has(paidParam)) return;
    handled.current = true;
    const rest = new URLSearchParams(searchParams);
    for (const name of [paidParam, ...stripeParams]) rest.delete(name);
    const tidy = () => {
      const search = rest.toString();
      void navigate({ search: search === '' ? '' : `?${search}` }, { replace: true });
    };
    if (!paid || !paymentIntentId) {
      tidy();
      return;
    }
    // A refusal (402: the bank said no) shows on the page as the payment's state; nothing else to say here.
    void confirmReturned(code, token, paid, paymentIntentId)
      .catch(() => undefined)
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: tripsQueryKey });
        tidy();
      });
  }, [code, token, paid, paymentIntentId, searchParams, navigate, queryClient]);
}
