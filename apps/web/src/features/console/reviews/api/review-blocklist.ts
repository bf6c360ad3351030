import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewBlocklistSchema, type ReviewBlocklist } from '@sas/domain';
import { api } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** GET /api/admin/review-blocklist: the terms that hide a review by id, guest name or text. */
export function getReviewBlocklist(signal?: AbortSignal): Promise<ReviewBlocklist> {
  return api.request('/admin/review-blocklist', reviewBlocklistSchema, { signal });
}

export function reviewBlocklistQueryOptions() {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'blocklist'],
    queryFn: ({ signal }) => getReviewBlocklist(signal),
    staleTime: 0,
  });
}

export function useReviewBlocklist() {
  return useQuery(reviewBlocklistQueryOptions());
}

/** PUT /api/admin/review-blocklist: replaces the terms whole. */
export function saveReviewBlocklist(blocklist: ReviewBlocklist): Promise<ReviewBlocklist> {
  return api.request('/admin/review-blocklist', reviewBlocklistSchema, { method: 'PUT', body: blocklist });
}

export function useSaveReviewBlocklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReviewBlocklist,
    onSuccess: async (saved) => {
      queryClient.setQueryData(reviewBlocklistQueryOptions().queryKey, saved);
      // Which reviews the blocklist hides has changed.
      await queryClient.invalidateQueries({ queryKey: [...reviewsQueryKey, 'list'] });
    },
  });
}
