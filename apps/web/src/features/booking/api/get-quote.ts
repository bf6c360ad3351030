import { useMutation } from '@tanstack/react-query';
import { quoteResponseSchema, type QuoteRequest, type QuoteResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

export interface QuoteInput {
  propertyId: string;
  request: QuoteRequest;
}

/** POST /api/properties/{id}/quote: the server's price for new dates (422 carries a rule's message). */
export function getQuote({ propertyId, request }: QuoteInput): Promise<QuoteResponse> {
  return api.request(`/properties/${encodeURIComponent(propertyId)}/quote`, quoteResponseSchema, {
    method: 'POST',
    body: request,
  });
}

/** A mutation, not a query: the guest asks for it by changing the dates, and only the last answer counts. */
export function useRequote() {
  return useMutation({ mutationFn: getQuote });
}
