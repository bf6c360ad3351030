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
