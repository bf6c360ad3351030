import { queryOptions, useQuery } from '@tanstack/react-query';
import { myTaskListSchema, type MyTask } from '@sas/domain';
import { api } from '@/lib/api-client';

export const myTasksQueryKey = ['me', 'tasks'] as const;

/** GET /api/me/tasks: the signed-in person's own tasks, today's and upcoming. */
export function getMyTasks(signal?: AbortSignal): Promise<MyTask[]> {
  return api.request('/me/tasks', myTaskListSchema, { signal });
}

export function myTasksQueryOptions() {
  return queryOptions({ queryKey: myTasksQueryKey, queryFn: ({ signal }) => getMyTasks(signal), staleTime: 0 });
}

export function useMyTasks(enabled: boolean) {
  return useQuery({ ...myTasksQueryOptions(), enabled });
}
