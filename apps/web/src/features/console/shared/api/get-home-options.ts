import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from './query-keys';

/**
 * The part of GET /api/admin/properties (adminPropertySchema) a home picker
 * needs; zod drops the rest, so the pickers do not break when a home gains a field.
 */
export const homeOptionSchema = z.object({ id: z.string(), propertyId: z.string(), name: z.string() });
export type HomeOption = z.infer<typeof homeOptionSchema>;

/** GET /api/admin/properties: the homes the signed-in user may see (an owner: theirs), by propertyId. */
export async function getHomeOptions(signal?: AbortSignal): Promise<HomeOption[]> {
  const homes = await api.request('/admin/properties', z.array(homeOptionSchema), { signal });
  return homes.sort((a, b) => a.propertyId.localeCompare(b.propertyId, 'en', { numeric: true }));
}

export function homeOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...consoleQueryKey, 'home-options'],
    queryFn: ({ signal }) => getHomeOptions(signal),
  });
}

export function useHomeOptions() {
  return useQuery(homeOptionsQueryOptions());
}
