import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminInquiryListSchema, type AdminInquiry, type InquiryStatus } from '@sas/domain';
import { api } from '@/lib/api-client';

export const inquiriesQueryKey = ['console', 'inquiries'] as const;

/** GET /api/admin/inquiries?status=: owners' inquiries from the Management page, newest first. */
export function getInquiries(status: InquiryStatus | undefined, signal?: AbortSignal): Promise<AdminInquiry[]> {
  return api.request('/admin/inquiries', adminInquiryListSchema, { query: { status }, signal });
}

export function inquiriesQueryOptions(status?: InquiryStatus) {
  return queryOptions({
    queryKey: [...inquiriesQueryKey, status ?? 'all'],
    queryFn: ({ signal }) => getInquiries(status, signal),
    staleTime: 0,
  });
}

export function useInquiries(status?: InquiryStatus) {
  return useQuery(inquiriesQueryOptions(status));
}
