import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

const homeChoicesSchema = z.array(z.object({ id: z.string(), propertyId: z.string(), name: z.string() }).loose());
export type HomeChoice = z.infer<typeof homeChoicesSchema>[number];

/** GET /api/admin/properties, for the homes whose kinds of task staff edit. */
export function getHomeChoices(signal?: AbortSignal): Promise<HomeChoice[]> {
  return api.request('/admin/properties', homeChoicesSchema, { signal });
}

export function useHomeChoices() {
  return useQuery({
    queryKey: [...tasksQueryKey, 'homes'],
    queryFn: ({ signal }) => getHomeChoices(signal),
    staleTime: 60_000,
  });
}
