import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminReviewListSchema, type AdminReview } from '@sas/domain';
import { api } from '@/lib/api-client';

export const reviewsQueryKey = ['console', 'reviews'] as const;

/** GET /api/admin/reviews?propertyId=: every review, hidden or not, with why a hidden one is hidden. */
export function getReviews(propertyId: string | undefined, signal?: AbortSignal): Promise<AdminReview[]> {
  return api.request('/admin/reviews', adminReviewListSchema, { query: { propertyId }, signal });
}

export function reviewsQueryOptions(propertyId?: string) {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'list', propertyId ?? 'all'],
    queryFn: ({ signal }) => getReviews(propertyId, signal),
    staleTime: 0,
  });
}

export function useReviews(propertyId?: string) {
  return useQuery(reviewsQueryOptions(propertyId));
}
