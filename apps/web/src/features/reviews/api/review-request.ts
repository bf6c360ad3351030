import { useMutation, useQuery } from '@tanstack/react-query';
import { reviewRequestSchema, submitReviewResponseSchema, type ReviewRequest, type SubmitReview } from '@sas/domain';
import { api } from '@/lib/api-client';

/** GET /api/reviews/request/{token}: the stay a review link is for (404 bad or used, 410 too late). */
export function getReviewRequest(token: string, signal?: AbortSignal): Promise<ReviewRequest> {
  return api.request(`/reviews/request/${encodeURIComponent(token)}`, reviewRequestSchema, { signal });
}

export function useReviewRequest(token: string) {
  return useQuery({
    queryKey: ['reviews', 'request', token],
    queryFn: ({ signal }) => getReviewRequest(token, signal),
    enabled: token !== '',
    retry: false,
  });
}

/** POST /api/reviews: 201, pending until staff publish it; 409 for a second review of the stay. */
export function submitReview(body: SubmitReview) {
  return api.request('/reviews', submitReviewResponseSchema, { method: 'POST', body });
}

export function useSubmitReview() {
  return useMutation({ mutationFn: submitReview });
}
