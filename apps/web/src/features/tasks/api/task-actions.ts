// The cleaner's writes (issue 30): start, finish with the checklist, report a
// problem. Each answers the task as it now is (or the problem's id).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myTaskSchema, type FinishTaskRequest, type MyTask, type TaskProblemRequest } from '@sas/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { myTasksQueryKey } from './get-my-tasks';

/** POST /api/me/tasks/{id}/start */
export function startTask(id: string): Promise<MyTask> {
  return api.request(`/me/tasks/${encodeURIComponent(id)}/start`, myTaskSchema, { method: 'POST' });
}

/** POST /api/me/tasks/{id}/finish: 422 when a required photo is missing. */
export function finishTask(id: string, body: FinishTaskRequest): Promise<MyTask> {
  return api.request(`/me/tasks/${encodeURIComponent(id)}/finish`, myTaskSchema, { method: 'POST', body });
}

/** POST /api/me/tasks/{id}/problems */
export function reportProblem(id: string, body: TaskProblemRequest): Promise<{ id: string }> {
  return api.request(`/me/tasks/${encodeURIComponent(id)}/problems`, z.object({ id: z.string() }), {
    method: 'POST',
    body,
  });
}

function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: myTasksQueryKey });
}

export function useStartTask(id: string) {
  const refresh = useRefreshTasks();
  return useMutation({ mutationFn: () => startTask(id), onSuccess: refresh });
}

export function useFinishTask(id: string) {
  const refresh = useRefreshTasks();
  return useMutation({ mutationFn: (body: FinishTaskRequest) => finishTask(id, body), onSuccess: refresh });
}

export function useReportProblem(id: string) {
  return useMutation({ mutationFn: (body: TaskProblemRequest) => reportProblem(id, body) });
}
