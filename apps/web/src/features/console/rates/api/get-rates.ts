import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRatesSchema, type AdminRates } from '@sas/domain';
import { api, isNotFound } from '@/lib/api-client';

/**
 * GET /api/admin/properties/{id}/rates. A home without rates yet answers
 * 404; here that is null, so the form starts empty.
 */
export async function getRates(homeId: string, signal?: AbortSignal): Promise<AdminRates | null> {
  try {
    return await api.request(`/admin/properties/${encodeURIComponent(homeId)}/rates`, adminRatesSchema, { signal });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function ratesQueryOptions(homeId: string) {
  return queryOptions({
    queryKey: ['console', 'rates', homeId],
    queryFn: ({ signal }) => getRates(homeId, signal),
    staleTime: 0,
  });
}

export function useRates(homeId: string) {
  return useQuery(ratesQueryOptions(homeId));
}
