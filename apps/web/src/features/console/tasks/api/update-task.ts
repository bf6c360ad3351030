import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTaskSchema, type AdminTask, type AdminTaskPatch } from '@sas/domain';
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
