import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminTaxLinesSchema, type AdminTaxLine } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

const taxLinesKey = (homeId: string) => [...consoleQueryKey, 'tax-lines', homeId] as const;

/** GET /api/admin/properties/{id}/taxes: the home's lines (its combined rate as one line when it has none). */
export function useTaxLines(homeId: string) {
  return useQuery({
    queryKey: taxLinesKey(homeId),
    queryFn: ({ signal }) =>
      api.request(`/admin/properties/${encodeURIComponent(homeId)}/taxes`, adminTaxLinesSchema, { signal }),
  });
}

/** PUT /api/admin/properties/{id}/taxes: replaces the lines whole; new quotes only. */
export function useSaveTaxLines(homeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lines: AdminTaxLine[]) =>
      api.request(`/admin/properties/${encodeURIComponent(homeId)}/taxes`, adminTaxLinesSchema, {
        method: 'PUT',
        body: lines,
      }),
    onSuccess: (saved) => client.setQueryData(taxLinesKey(homeId), saved),
  });
}
