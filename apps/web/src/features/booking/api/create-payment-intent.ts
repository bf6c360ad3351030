import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  agreementMessages,
  createPaymentIntentResponseSchema,
  priceChangedBodySchema,
  type AgreementInput,
  type BookingContact,
  type CreatePaymentIntentResponse,
  type PaymentPlan,
} from '@sas/domain';
import { api, isApiError } from '@/lib/api-client';
import { recallPaymentIntent, rememberPaymentIntent } from '../utils/saved-payment-intent';

export type PaymentIntent = CreatePaymentIntentResponse;

/** The order a payment intent is opened for. */
export interface PaymentIntentOrder {
  propertyId: string;
  checkIn: string;
  checkOut: string;
  guests: { adults: number; children: number; infants: number; pets: number };
  /** What was ticked; the server prices it from its own catalogue. */
  addOns: { id: number; option?: string; date?: string; time?: string }[];
  /** Integer cents = round(total × 100) (SPEC.md section 9); refused with 409 when it is not the server's total. */
  amount: number;
  /**
   * The reservation's reference (SPEC.md's confirmationCode), the same for
   * every attempt: the server replaces this reservation's own earlier hold.
   */
  confirmationCode: string;
  /** Pay in full, or in installments when check-in is more than 45 days away. */
  paymentPlan: PaymentPlan;
  /** Step 2's ticks; the server refuses the payment (422) without them. */
  agreement: AgreementInput;
  /** The promo code the quote applied (issue 26); the server prices it again. */
  promoCode?: string;
}

export interface PaymentIntentInput {
  order: PaymentIntentOrder;
  /** Sent along so a booking paid without the browser (webhook) still has them; not part of the order. */
  contact: BookingContact;
}

/**
 * POST /api/stripe/create-payment-intent: the server re-prices the stay,
 * holds its nights for a few minutes and opens a payment for them. 409 when
 * the price differs (the body's `amount` is the right one, in cents) or the
 * nights are taken.
 */
export function createPaymentIntent({ order, contact }: PaymentIntentInput): Promise<PaymentIntent> {
  return api.request('/stripe/create-payment-intent', createPaymentIntentResponseSchema, {
    method: 'POST',
    body: { ...order, contact },
  });
}

function holdRemainingMs(intent: PaymentIntent | undefined): number {
  const expires = intent ? Date.parse(intent.holdExpiresAt) : Number.NaN;
  return Number.isNaN(expires) ? 0 : Math.max(0, expires - Date.now());
}

/**
 * A query rather than a mutation, although it creates something: every
 * intent holds the nights, so the checkout opens one per order. A query
 * dedupes the request when React mounts twice, and the intent is reused,
 * until its hold lapses, when the guest steps back and returns, or reloads
 * the page, with the same order. A changed order (add-ons, dates) asks again
 * under the same reference, and the server swaps the hold. Contact details
 * are left out of the key: the confirmation sends the latest ones anyway.
 */
export function paymentIntentQueryOptions(input: PaymentIntentInput) {
  return queryOptions({
    queryKey: ['payment-intent', input.order],
    queryFn: async () => {
      const intent = await createPaymentIntent(input);
      rememberPaymentIntent(input.order, intent);
      return intent;
    },
    initialData: () => recallPaymentIntent(input.order) ?? undefined,
    initialDataUpdatedAt: Date.now,
    staleTime: (query) => holdRemainingMs(query.state.data),
    // Only the latest intent of a reservation can be paid: the server cancels
    // the earlier ones. Kept in memory no longer than the checkout is shown,
    // so returning to an earlier order asks again; the latest one is
    // remembered in sessionStorage (initialData) for a reload.
    gcTime: 0,
    retry: false,
  });
}

export function usePaymentIntent(input: PaymentIntentInput, { enabled }: { enabled: boolean }) {
  return useQuery({ ...paymentIntentQueryOptions(input), enabled });
}

/** 409 because a newer tab of this reservation took over: trying again here takes it back. */
export function isSuperseded(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 409 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    'code' in error.body &&
    error.body.code === 'superseded'
  );
}

/** 409 because the promo code cannot be used (any more): the message says why (issue 26). */
export function isPromoRefused(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 409 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    'code' in error.body &&
    error.body.code === 'promo'
  );
}

/** The server's correct total (cents) from a 409 price-change answer, or null for any other failure. */
export function correctedAmount(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = priceChangedBodySchema.safeParse(error.body);
  return body.success ? body.data.amount : null;
}

const agreementRefusals: readonly string[] = Object.values(agreementMessages);

/** The server's words when it refused the payment for the rental agreement's ticks (422), or null. */
export function agreementRefusal(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return agreementRefusals.includes(error.message) ? error.message : null;
}
