import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminTaskListSchema,
  ownerTaskSummarySchema,
  taskAssigneeListSchema,
  taskProblemListSchema,
  type AdminTask,
  type OwnerTaskSummary,
  type TaskAssignee,
  type TaskProblem,
} from '@sas/domain';
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

/** GET /api/admin/tasks/assignees */
export function useAssignees() {
  return useQuery({
    queryKey: [...tasksQueryKey, 'assignees'],
    queryFn: ({ signal }): Promise<TaskAssignee[]> =>
      api.request('/admin/tasks/assignees', taskAssigneeListSchema, { signal }),
  });
}

/** GET /api/admin/tasks/problems?status=open */
export function useOpenProblems() {
  return useQuery({
    queryKey: [...tasksQueryKey, 'problems'],
    queryFn: ({ signal }): Promise<TaskProblem[]> =>
      api.request('/admin/tasks/problems', taskProblemListSchema, { query: { status: 'open' }, signal }),
  });
}

/** GET /api/admin/tasks/summary: an owner's completed cleanings and open maintenance tickets. */
export function useTaskSummary() {
  return useQuery({
    queryKey: [...tasksQueryKey, 'summary'],
    queryFn: ({ signal }): Promise<OwnerTaskSummary> =>
      api.request('/admin/tasks/summary', ownerTaskSummarySchema, { signal }),
  });
}
