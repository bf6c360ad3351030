import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyDetails } from '@sas/domain';
import { api } from '@/lib/api-client';
import { hasStringFields, shaped } from '@/lib/response-shape';

export type PreviewedProperty = PropertyDetails & { published: boolean };

const hasDetails = hasStringFields('id', 'slug', 'name');
const previewedProperty = shaped<PreviewedProperty>(
  'property details',
  (value) => hasDetails(value) && typeof (value as { published?: unknown }).published === 'boolean',
);

/**
 * GET /api/admin/properties/{idOrSlug}/details: the public details of a home,
 * published or not, plus `published`; for its owner, staff and admins only
 * (anyone else gets 401, 403 or 404).
 */
export function getUnpublishedProperty(idOrSlug: string, signal?: AbortSignal): Promise<PreviewedProperty> {
  return api.request(`/admin/properties/${encodeURIComponent(idOrSlug)}/details`, previewedProperty, { signal });
}

export function unpublishedPropertyQueryOptions(idOrSlug: string) {
  return queryOptions({
    // Under the signed-in user's key (['account'], features/auth), which signing out
    // drops: the next user of the tab must not see a home that is not public.
    queryKey: ['account', 'unpublished-property', idOrSlug],
    queryFn: ({ signal }) => getUnpublishedProperty(idOrSlug, signal),
    staleTime: 0,
  });
}

/** Asked only when `enabled`: after the public details answered 404 to a signed-in owner, staff or admin. */
export function useUnpublishedProperty(idOrSlug: string, enabled: boolean) {
  return useQuery({ ...unpublishedPropertyQueryOptions(idOrSlug), enabled });
}
