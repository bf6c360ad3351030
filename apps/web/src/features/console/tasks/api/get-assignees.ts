import { useQuery } from '@tanstack/react-query';
import { taskAssigneeListSchema, type TaskAssignee } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** GET /api/admin/tasks/assignees: cleaners, staff and admins. */
export function getAssignees(signal?: AbortSignal): Promise<TaskAssignee[]> {
  return api.request('/admin/tasks/assignees', taskAssigneeListSchema, { signal });
}

export function useAssignees() {
  return useQuery({ queryKey: [...tasksQueryKey, 'assignees'], queryFn: ({ signal }) => getAssignees(signal) });
}
