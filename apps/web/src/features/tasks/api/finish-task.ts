import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myTaskSchema, type FinishTaskRequest, type MyTask } from '@sas/domain';
import { api } from '@/lib/api-client';
import { myTasksQueryKey } from './get-my-tasks';

/** POST /api/me/tasks/{id}/finish with the checklist as ticked: 422 when a required photo is missing. */
export function finishTask(id: string, body: FinishTaskRequest): Promise<MyTask> {
  return api.request(`/me/tasks/${encodeURIComponent(id)}/finish`, myTaskSchema, { method: 'POST', body });
}

export function useFinishTask(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FinishTaskRequest) => finishTask(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTasksQueryKey }),
  });
}
