import { queryOptions, useQuery } from '@tanstack/react-query';
import { publishableKeyResponseSchema, type PublishableKeyResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

/** GET /api/stripe/publishable-key: which payment form to show ('sandbox' or 'stripe'), and Stripe's public key. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PublishableKeyResponse> {
  return api.request('/stripe/publishable-key', publishableKeyResponseSchema, { signal });
}

export function paymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payment-config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    // Changes only with a server redeploy.
    staleTime: Infinity,
  });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
