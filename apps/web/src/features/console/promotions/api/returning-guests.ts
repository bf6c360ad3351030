import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { returningGuestOfferSchema, type ReturningGuestOffer } from '@sas/domain';
import { api } from '@/lib/api-client';

const path = '/admin/promotions/returning-guests';
const key = ['admin', 'returning-guest-offer'] as const;

/** GET /api/admin/promotions/returning-guests. */
export function useReturningGuestOffer() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.request(path, returningGuestOfferSchema, { signal }),
  });
}

/** PUT of the same, replaced whole. */
export function useSaveReturningGuestOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturningGuestOffer) => api.request(path, returningGuestOfferSchema, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
