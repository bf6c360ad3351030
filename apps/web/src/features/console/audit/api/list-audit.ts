import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditEntryListSchema, auditPageDefault, type AuditEntryView } from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';

interface AuditPageRequest {
  entity?: string;
  /** The id of the last entry of the page before. */
  before?: string;
}

/** GET /api/admin/audit?entity=&limit=&before= : admins only, newest first. */
export function listAudit({ entity, before }: AuditPageRequest, signal?: AbortSignal): Promise<AuditEntryView[]> {
  return api.request('/admin/audit', auditEntryListSchema, {
    query: { entity, before, limit: auditPageDefault },
    signal,
  });
}

export function auditQueryOptions(entity: string) {
  return infiniteQueryOptions({
    queryKey: [...consoleQueryKey, 'audit', entity],
    queryFn: ({ pageParam, signal }) =>
      listAudit({ entity: entity === '' ? undefined : entity, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    // A short page is the last one.
    getNextPageParam: (page) => (page.length < auditPageDefault ? undefined : page.at(-1)?.id),
    staleTime: 0,
  });
}

export function useAuditLog(entity: string) {
  return useInfiniteQuery(auditQueryOptions(entity));
}
