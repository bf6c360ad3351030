import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  taskKindListSchema,
  taskKindSchema,
  type TaskKind,
  type TaskKindCreate,
  type TaskKindPatch,
} from '@sas/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

const homeChoicesSchema = z.array(z.object({ id: z.string(), propertyId: z.string(), name: z.string() }).loose());

/** GET /api/admin/properties, for the homes whose kinds staff edit. */
export function useHomeChoices() {
  return useQuery({
    queryKey: [...tasksQueryKey, 'homes'],
    queryFn: ({ signal }) => api.request('/admin/properties', homeChoicesSchema, { signal }),
    staleTime: 60_000,
  });
}

export function taskKindsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...tasksQueryKey, 'kinds', propertyId],
    queryFn: ({ signal }): Promise<TaskKind[]> =>
      api.request('/admin/tasks/kinds', taskKindListSchema, { query: { propertyId }, signal }),
    enabled: propertyId !== '',
  });
}

export function useTaskKinds(propertyId: string) {
  return useQuery(taskKindsQueryOptions(propertyId));
}

/** PATCH /api/admin/tasks/kinds/{id} */
export function useUpdateTaskKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TaskKindPatch }) =>
      api.request(`/admin/tasks/kinds/${encodeURIComponent(id)}`, taskKindSchema, { method: 'PATCH', body: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}

/** POST /api/admin/tasks/kinds */
export function useCreateTaskKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskKindCreate) => api.request('/admin/tasks/kinds', taskKindSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}
