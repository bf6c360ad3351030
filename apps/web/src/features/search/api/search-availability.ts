import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableHome, IsoDate, SearchLocation } from '@sas/domain';
import { api } from '@/lib/api-client';
import { arrayOf, hasStringFields, shaped } from '@/lib/response-shape';

const availableHomes = shaped<AvailableHome[]>('availability search', arrayOf(hasStringFields('id', 'slug', 'name')));

/** What the availability search takes; the server fills in zero children, infants and pets. */
export interface AvailabilitySearch {
  checkIn: IsoDate;
  checkOut: IsoDate;
  adults: number;
  children?: number | undefined;
  infants?: number | undefined;
  pets?: number | undefined;
  location: SearchLocation;
}

/**
 * GET /api/search/availability: homes free for the dates that fit the party,
 * each priced for the stay, cheapest first. 422 (dates in the past, check-out
 * before check-in) carries a message for the guest.
 */
export function searchAvailability(search: AvailabilitySearch, signal?: AbortSignal): Promise<AvailableHome[]> {
  const { checkIn, checkOut, adults, children, infants, pets, location } = search;
  return api.request('/search/availability', availableHomes, {
    query: { checkIn, checkOut, adults, children, infants, pets, location },
    signal,
  });
}

export function availabilitySearchQueryOptions(search: AvailabilitySearch) {
  const { checkIn, checkOut, adults, children, infants, pets, location } = search;
  return queryOptions({
    queryKey: ['availability', checkIn, checkOut, adults, children ?? 0, infants ?? 0, pets ?? 0, location],
    queryFn: ({ signal }) => searchAvailability(search, signal),
    // Free nights change as guests book: a result is worth re-checking after a short while.
    staleTime: 30_000,
  });
}

/** The last results stay on screen while another location loads, so the list does not collapse. */
export function useAvailabilitySearch(search: AvailabilitySearch) {
  return useQuery({ ...availabilitySearchQueryOptions(search), placeholderData: keepPreviousData });
}
