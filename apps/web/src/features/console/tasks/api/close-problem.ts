import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskProblemSchema, type TaskProblem } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** POST /api/admin/tasks/problems/{id}/close */
export function closeProblem(id: string): Promise<TaskProblem> {
  return api.request(`/admin/tasks/problems/${encodeURIComponent(id)}/close`, taskProblemSchema, { method: 'POST' });
}

export function useCloseProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeProblem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}
