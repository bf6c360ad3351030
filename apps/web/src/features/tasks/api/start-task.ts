import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myTaskSchema, type MyTask } from '@sas/domain';
import { api } from '@/lib/api-client';
import { myTasksQueryKey } from './get-my-tasks';

/** POST /api/me/tasks/{id}/start: the task as it now is (starting again changes nothing). */
export function startTask(id: string): Promise<MyTask> {
  return api.request(`/me/tasks/${encodeURIComponent(id)}/start`, myTaskSchema, { method: 'POST' });
}

export function useStartTask(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startTask(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTasksQueryKey }),
  });
}
