import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTaskSchema, taskProblemSchema, type AdminTask, type AdminTaskPatch, type TaskProblem } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** PATCH /api/admin/tasks/{id}: assign, set the status or move the window. */
export function updateTask(id: string, patch: AdminTaskPatch): Promise<AdminTask> {
  return api.request(`/admin/tasks/${encodeURIComponent(id)}`, adminTaskSchema, { method: 'PATCH', body: patch });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminTaskPatch }) => updateTask(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}

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
