import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardSchema, type AdminDashboard } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

/** GET /api/admin/dashboard: 24 months of occupancy and revenue, per home and in total, and the week's movements. */
export function getDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return api.request('/admin/dashboard', adminDashboardSchema, { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: [...consoleQueryKey, 'dashboard'], queryFn: ({ signal }) => getDashboard(signal) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
