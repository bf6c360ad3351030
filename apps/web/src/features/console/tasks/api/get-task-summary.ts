import { useQuery } from '@tanstack/react-query';
import { ownerTaskSummarySchema, type OwnerTaskSummary } from '@sas/domain';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** GET /api/admin/tasks/summary: an owner's completed cleanings and open maintenance tickets. */
export function getTaskSummary(signal?: AbortSignal): Promise<OwnerTaskSummary> {
  return api.request('/admin/tasks/summary', ownerTaskSummarySchema, { signal });
}

export function useTaskSummary() {
  return useQuery({ queryKey: [...tasksQueryKey, 'summary'], queryFn: ({ signal }) => getTaskSummary(signal) });
}
