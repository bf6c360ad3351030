import { useQuery } from '@tanstack/react-query';
import { taskProblemListSchema, type TaskProblem } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** GET /api/admin/tasks/problems?status=open */
export function getOpenProblems(signal?: AbortSignal): Promise<TaskProblem[]> {
  return api.request('/admin/tasks/problems', taskProblemListSchema, { query: { status: 'open' }, signal });
}

export function useOpenProblems() {
  return useQuery({ queryKey: [...tasksQueryKey, 'problems'], queryFn: ({ signal }) => getOpenProblems(signal) });
}
