import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRatesSchema, type AdminRates } from '@sas/domain';
import { api } from '@/lib/api-client';
import { ratesQueryOptions } from './get-rates';

/** PUT /api/admin/properties/{id}/rates: replaces the rates whole; a 422 says why not (e.g. seasons overlap). */
export function saveRates(homeId: string, rates: AdminRates): Promise<AdminRates> {
  return api.request(`/admin/properties/${encodeURIComponent(homeId)}/rates`, adminRatesSchema, {
    method: 'PUT',
    body: rates,
  });
}

export function useSaveRates(homeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: AdminRates) => saveRates(homeId, rates),
    onSuccess: (saved) => queryClient.setQueryData(ratesQueryOptions(homeId).queryKey, saved),
  });
}
