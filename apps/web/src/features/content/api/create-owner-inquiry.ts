import { useMutation } from '@tanstack/react-query';
import type { OwnerInquiryRequest, OwnerInquiryResponse } from '@sas/domain';
import { api } from '@/lib/api-client';
import { hasStringFields, shaped } from '@/lib/response-shape';

// A light check, as the landing pages' answers have (lib/response-shape.ts): the
// Management page is one, and zod would be a long task while it hydrates.
const ownerInquiryResponse = shaped<OwnerInquiryResponse>('inquiry answer', hasStringFields('id'));

export type { OwnerInquiryRequest };

/** POST /api/owner-inquiries: stored and e-mailed to the owner team. */
export function createOwnerInquiry(inquiry: OwnerInquiryRequest) {
  return api.request('/owner-inquiries', ownerInquiryResponse, { method: 'POST', body: inquiry });
}

export function useCreateOwnerInquiry() {
  return useMutation({ mutationFn: createOwnerInquiry });
}
