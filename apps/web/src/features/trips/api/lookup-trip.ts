import { useMutation } from '@tanstack/react-query';
import { tripLookupResponseSchema, type TripLookupBody } from '@sas/domain';
import { api } from '@/lib/api-client';

/**
 * POST /api/trips/lookup: e-mails a link to the booking when the code and
 * e-mail match. The answer is the same whether or not they do (202).
 */
export function lookupTrip(body: TripLookupBody): Promise<{ message: string }> {
  return api.request('/trips/lookup', tripLookupResponseSchema, { method: 'POST', body });
}

export function useLookupTrip() {
  return useMutation({ mutationFn: lookupTrip });
}
