import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { tripPaymentResponseSchema, type TripPaymentResponse } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tripsQueryKey } from './trip-query-keys';

// Issue 17: a failed installment paid, or the security deposit authorised
// again, by card from the booking's page. Each is two calls: the server opens
// a payment (201, what the card form needs), then, once the provider says it
// went through, records it (200; 402 with the reason when it did not).

const tripPath = (code: string) => `/trips/${encodeURIComponent(code)}`;
const paidSchema = z.object({ status: z.literal('paid') });
const heldSchema = z.object({ status: z.literal('held') });

/** POST /api/trips/{code}/schedule/{seq}/pay */
export function startInstallmentPayment(code: string, token: string | null, seq: number): Promise<TripPaymentResponse> {
  return api.request(`${tripPath(code)}/schedule/${seq}/pay`, tripPaymentResponseSchema, {
    method: 'POST',
    query: { token },
  });
}

/** POST /api/trips/{code}/schedule/{seq}/confirm */
export function confirmInstallmentPayment(code: string, token: string | null, seq: number, paymentIntentId: string) {
  return api.request(`${tripPath(code)}/schedule/${seq}/confirm`, paidSchema, {
    method: 'POST',
    query: { token },
    body: { paymentIntentId },
  });
}

/** POST /api/trips/{code}/deposit/authorize */
export function startDepositAuthorization(code: string, token: string | null): Promise<TripPaymentResponse> {
  return api.request(`${tripPath(code)}/deposit/authorize`, tripPaymentResponseSchema, {
    method: 'POST',
    query: { token },
  });
}

/** POST /api/trips/{code}/deposit/confirm */
export function confirmDepositAuthorization(code: string, token: string | null, paymentIntentId: string) {
  return api.request(`${tripPath(code)}/deposit/confirm`, heldSchema, {
    method: 'POST',
    query: { token },
    body: { paymentIntentId },
  });
}

/** The booking's page is asked again after each payment recorded (or refused). */
export function useInstallmentPayment(code: string, token: string | null) {
  const queryClient = useQueryClient();
  return {
    start: useMutation({ mutationFn: (seq: number) => startInstallmentPayment(code, token, seq) }),
    confirm: useMutation({
      mutationFn: ({ seq, paymentIntentId }: { seq: number; paymentIntentId: string }) =>
        confirmInstallmentPayment(code, token, seq, paymentIntentId),
      onSettled: () => queryClient.invalidateQueries({ queryKey: tripsQueryKey }),
    }),
  };
}

export function useDepositAuthorization(code: string, token: string | null) {
  const queryClient = useQueryClient();
  return {
    start: useMutation({ mutationFn: () => startDepositAuthorization(code, token) }),
    confirm: useMutation({
      mutationFn: (paymentIntentId: string) => confirmDepositAuthorization(code, token, paymentIntentId),
      onSettled: () => queryClient.invalidateQueries({ queryKey: tripsQueryKey }),
    }),
  };
}
