import { useMutation } from '@tanstack/react-query';
import { ownerInquiryResponseSchema, type OwnerInquiryRequest } from '@sas/domain';
import { api } from '@/lib/api-client';

export type { OwnerInquiryRequest };

/** POST /api/owner-inquiries: stored and e-mailed to the owner team. */
export function createOwnerInquiry(inquiry: OwnerInquiryRequest) {
  return api.request('/owner-inquiries', ownerInquiryResponseSchema, { method: 'POST', body: inquiry });
}

export function useCreateOwnerInquiry() {
  return useMutation({ mutationFn: createOwnerInquiry });
}
