import { useMutation } from '@tanstack/react-query';
import type { TaskProblemRequest } from '@sas/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST /api/me/tasks/{id}/problems: damage or maintenance, with photos already added to the task. */
export function reportProblem(id: string, body: TaskProblemRequest): Promise<{ id: string }> {
  return api.request(`/me/tasks/${encodeURIComponent(id)}/problems`, z.object({ id: z.string() }), {
    method: 'POST',
    body,
  });
}

export function useReportProblem(id: string) {
  return useMutation({ mutationFn: (body: TaskProblemRequest) => reportProblem(id, body) });
}
