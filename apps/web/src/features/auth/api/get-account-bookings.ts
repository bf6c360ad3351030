import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountBookingsSchema, type AccountBooking } from '@sas/domain';
import { api } from '@/lib/api-client';
import { accountQueryKey } from './account-query-keys';

/** GET /api/account/bookings: the signed-in guest's stays, newest first as the server sends them. */
export function getAccountBookings(signal?: AbortSignal): Promise<AccountBooking[]> {
  return api.request('/account/bookings', accountBookingsSchema, { signal });
}

export function accountBookingsQueryOptions() {
  return queryOptions({
    queryKey: [...accountQueryKey, 'bookings'],
    queryFn: ({ signal }) => getAccountBookings(signal),
    // A booking made a moment ago must show when the guest opens the page.
    staleTime: 0,
  });
}

export function useAccountBookings() {
  return useQuery(accountBookingsQueryOptions());
}
