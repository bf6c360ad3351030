import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyDetails } from '@sas/domain';
import { api } from '@/lib/api-client';
import { hasStringFields, shaped } from '@/lib/response-shape';

const propertyDetails = shaped<PropertyDetails>('property details', hasStringFields('id', 'slug', 'name'));

/** GET /api/properties/search/{idOrSlug}: the server accepts either form. */
export function getProperty(idOrSlug: string, signal?: AbortSignal): Promise<PropertyDetails> {
  return api.request(`/properties/search/${encodeURIComponent(idOrSlug)}`, propertyDetails, { signal });
}

export function propertyQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: ['property', idOrSlug],
    queryFn: ({ signal }) => getProperty(idOrSlug, signal),
  });
}

export function useProperty(idOrSlug: string) {
  return useQuery(propertyQueryOptions(idOrSlug));
}
