// Reading the search page's URL. The home page's form sends checkIn/checkOut,
// /null forwards checkin/checkout (SPEC.md section 2): both are read.
import { isIsoDate, maxGuestCount, type SearchLocation } from '@sas/domain';
import { parseSearchLocation } from '@/lib/search-locations';
import { rawStayValue, withStayQuery, type StayQueryName } from '@/lib/stay-query';
import type { AvailabilitySearch } from '../api/search-availability';

export type SearchPage =
  /** Dates and adults given and usable: search for them. */
  | { kind: 'results'; search: AvailabilitySearch }
  /** Dates and adults given, but not as dates and a number: say so instead of searching. */
  | { kind: 'invalid' }
  /** ?category=all without a stay: every home (SPEC.md: 'Our Listings'). */
  | { kind: 'listings' }
  /** Anything else: 'Discover Our Collections'. */
  | { kind: 'discover' };

function count(params: URLSearchParams, name: StayQueryName, min: number): number | undefined | null {
  const raw = rawStayValue(params, name);
  if (raw === null) return undefined;
  if (!/^\d{1,3}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= maxGuestCount ? value : null;
}

export function readSearchPage(params: URLSearchParams): SearchPage {
  const checkIn = rawStayValue(params, 'checkin');
  const checkOut = rawStayValue(params, 'checkout');
  const adults = count(params, 'adults', 1);
  if (checkIn === null || checkOut === null || adults === undefined) {
    return params.get('category') === 'all' ? { kind: 'listings' } : { kind: 'discover' };
  }
  const children = count(params, 'children', 0);
  const infants = count(params, 'infants', 0);
  const pets = count(params, 'pets', 0);
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut) || adults === null) return { kind: 'invalid' };
  if (children === null || infants === null || pets === null) return { kind: 'invalid' };
  return {
    kind: 'results',
    search: {
      checkIn,
      checkOut,
      adults,
      children,
      infants,
      pets,
      location: parseSearchLocation(params.get('location')),
    },
  };
}

/** `params` with another location, everything else kept. */
export function withLocation(params: URLSearchParams, location: SearchLocation): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('location', location);
  return next;
}

/** A result's page with the searched stay in its query, so its booking panel opens on the same stay. */
export function stayLink(path: string, search: AvailabilitySearch): string {
  const query = withStayQuery(new URLSearchParams(), {
    checkIn: search.checkIn,
    checkOut: search.checkOut,
    adults: search.adults,
    // Zero is the panel's default: left out, as the panel itself writes its links.
    children: search.children || undefined,
    infants: search.infants || undefined,
    pets: search.pets || undefined,
  });
  return `${path}?${query.toString()}`;
}
