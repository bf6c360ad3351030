import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskKindSchema, type TaskKind, type TaskKindPatch } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** PATCH /api/admin/tasks/kinds/{id}: name, checklist, minutes, default assignee, on or off. */
export function updateTaskKind(id: string, patch: TaskKindPatch): Promise<TaskKind> {
  return api.request(`/admin/tasks/kinds/${encodeURIComponent(id)}`, taskKindSchema, { method: 'PATCH', body: patch });
}

export function useUpdateTaskKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TaskKindPatch }) => updateTaskKind(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}
