import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskKindListSchema, type TaskKind } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** GET /api/admin/tasks/kinds?propertyId=: a home's kinds of task. */
export function getTaskKinds(propertyId: string, signal?: AbortSignal): Promise<TaskKind[]> {
  return api.request('/admin/tasks/kinds', taskKindListSchema, { query: { propertyId }, signal });
}

export function taskKindsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...tasksQueryKey, 'kinds', propertyId],
    queryFn: ({ signal }) => getTaskKinds(propertyId, signal),
    enabled: propertyId !== '',
  });
}

export function useTaskKinds(propertyId: string) {
  return useQuery(taskKindsQueryOptions(propertyId));
}
