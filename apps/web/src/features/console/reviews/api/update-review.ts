import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminReviewSchema, type AdminReview } from '@sas/domain';
import { api } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** PATCH /api/admin/reviews/{id} `{ hidden }`: answers the review with its new reason for being hidden. */
export function setReviewHidden(id: string, hidden: boolean): Promise<AdminReview> {
  return api.request(`/admin/reviews/${encodeURIComponent(id)}`, adminReviewSchema, {
    method: 'PATCH',
    body: { hidden },
  });
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => setReviewHidden(id, hidden),
    onSuccess: (saved) => {
      queryClient.setQueriesData<AdminReview[]>({ queryKey: [...reviewsQueryKey, 'list'] }, (list) =>
        list?.map((review) => (review.id === saved.id ? saved : review)),
      );
    },
  });
}

/** PATCH /api/admin/reviews/{id} `{ status?, reply? }`: publish or hide a guest review, or reply in public (issue 28). */
export function updateReview(
  id: string,
  body: { status?: AdminReview['status']; reply?: string },
): Promise<AdminReview> {
  return api.request(`/admin/reviews/${encodeURIComponent(id)}`, adminReviewSchema, { method: 'PATCH', body });
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; status?: AdminReview['status']; reply?: string }) =>
      updateReview(id, body),
    onSuccess: (saved) => {
      queryClient.setQueriesData<AdminReview[]>({ queryKey: [...reviewsQueryKey, 'list'] }, (list) =>
        list?.map((review) => (review.id === saved.id ? saved : review)),
      );
    },
  });
}
