import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserListSchema, type AdminUser } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

export const accountsQueryKey = [...consoleQueryKey, 'accounts'] as const;

/**
 * GET /api/admin/users[?all=true] (admins only): accounts with a console
 * role, or with `all` guest accounts too.
 */
export function listUsers(all: boolean, signal?: AbortSignal): Promise<AdminUser[]> {
  return api.request('/admin/users', adminUserListSchema, { query: { all: all ? 'true' : undefined }, signal });
}

export function usersQueryOptions(all: boolean) {
  return queryOptions({
    queryKey: [...accountsQueryKey, 'list', { all }],
    queryFn: ({ signal }) => listUsers(all, signal),
    staleTime: 0,
  });
}

export function useUsers(all: boolean) {
  return useQuery(usersQueryOptions(all));
}
