// The places a search can cover (the availability API's `location`), with the
// names guests see. Shared by the home page's search form and the results'
// location filter, which live in different features.
import type { SearchLocation } from '@sas/domain';

export const searchLocationOptions = [
  { value: 'all', label: 'All locations' },
  { value: 'breckenridge', label: 'Breckenridge, CO' },
  { value: 'michigan', label: 'Michigan' },
] as const satisfies readonly { value: SearchLocation; label: string }[];

export function parseSearchLocation(value: string | null): SearchLocation {
  return searchLocationOptions.find((option) => option.value === value)?.value ?? 'all';
}
