import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskKindSchema, type TaskKind, type TaskKindCreate } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** POST /api/admin/tasks/kinds: a new kind of task for a home. */
export function createTaskKind(body: TaskKindCreate): Promise<TaskKind> {
  return api.request('/admin/tasks/kinds', taskKindSchema, { method: 'POST', body });
}

export function useCreateTaskKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTaskKind,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}
