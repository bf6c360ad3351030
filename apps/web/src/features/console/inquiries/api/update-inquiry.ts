import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminInquirySchema, type AdminInquiry, type UpdateInquiryRequest } from '@sas/domain';
import { api } from '@/lib/api-client';
import { inquiriesQueryKey } from './get-inquiries';

/** PATCH /api/admin/inquiries/{id} `{ status?, notes? }`: answers the inquiry as stored. */
export function updateInquiry(id: string, change: UpdateInquiryRequest): Promise<AdminInquiry> {
  return api.request(`/admin/inquiries/${encodeURIComponent(id)}`, adminInquirySchema, {
    method: 'PATCH',
    body: change,
  });
}

export function useUpdateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateInquiryRequest }) => updateInquiry(id, change),
    onSuccess: (saved) => {
      // Every cached list (all, or by status) shows the inquiry as saved; a filtered list drops it on its next load.
      queryClient.setQueriesData<AdminInquiry[]>({ queryKey: inquiriesQueryKey }, (list) =>
        list?.map((inquiry) => (inquiry.id === saved.id ? saved : inquiry)),
      );
    },
  });
}
