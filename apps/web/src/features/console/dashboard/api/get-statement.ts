import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatementSchema, type AdminStatement, type AdminStatementQuery } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

/** GET /api/admin/statements?month=YYYY-MM[&propertyId=]: each home's confirmed bookings with nights in the month. */
export function getStatement(query: AdminStatementQuery, signal?: AbortSignal): Promise<AdminStatement> {
  return api.request('/admin/statements', adminStatementSchema, { query: { ...query }, signal });
}

export function statementQueryOptions(query: AdminStatementQuery) {
  return queryOptions({
    queryKey: [...consoleQueryKey, 'statement', query],
    queryFn: ({ signal }) => getStatement(query, signal),
  });
}

export function useStatement(query: AdminStatementQuery) {
  return useQuery(statementQueryOptions(query));
}
