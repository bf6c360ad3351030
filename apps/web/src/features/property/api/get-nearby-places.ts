import { queryOptions, useQuery } from '@tanstack/react-query';
import { nearbyPlaceSchema, type NearbyPlace } from '@sas/domain';
import { api } from '@/lib/api-client';

// `.array()` rather than z.array: the web app reaches zod only through @sas/domain.
export const nearbyPlaceListSchema = nearbyPlaceSchema.array();

/** GET /api/properties/{id}/nearby-places; `propertyId` is the home's UUID. */
export function getNearbyPlaces(propertyId: string, signal?: AbortSignal): Promise<NearbyPlace[]> {
  return api.request(`/properties/${encodeURIComponent(propertyId)}/nearby-places`, nearbyPlaceListSchema, { signal });
}

export function nearbyPlacesQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: ['nearby-places', propertyId],
    queryFn: ({ signal }) => getNearbyPlaces(propertyId, signal),
  });
}

/** `enabled` lets the caller wait until the section is scrolled near (SPEC.md section 4). */
export function useNearbyPlaces(propertyId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...nearbyPlacesQueryOptions(propertyId), enabled });
}
