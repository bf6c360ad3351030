import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTaskListSchema, type AdminTask } from '@sas/domain';
import { api } from '@/lib/api-client';

export const tasksQueryKey = ['console', 'tasks'] as const;

/** GET /api/admin/tasks?from=&to=: the board's tasks, by window start. */
export function getTasks(from: string, to: string, signal?: AbortSignal): Promise<AdminTask[]> {
  return api.request('/admin/tasks', adminTaskListSchema, { query: { from, to }, signal });
}

export function tasksQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: [...tasksQueryKey, 'board', from, to],
    queryFn: ({ signal }) => getTasks(from, to, signal),
    staleTime: 0,
  });
}

export function useTasks(from: string, to: string) {
  return useQuery(tasksQueryOptions(from, to));
}
