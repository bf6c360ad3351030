import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { IsoDate, QuoteRequest, QuoteResponse } from '@sas/domain';
import { api, type Parser } from '@/lib/api-client';
import type { StayGuests } from '../utils/reservation-draft';

export interface QuoteInput {
  checkIn: IsoDate;
  checkOut: IsoDate;
  guests: StayGuests;
}

/** The quote's and the calendar's zod contracts. */
export const loadQuoteSchema = () => import('./quote-schema');

/**
 * The answer checked against the quote's zod contract, which loads with the
 * first quote the browser asks for (alongside the request, see getQuote): a
 * home's page whose price came with the server's HTML never needs it, and the
 * zod runtime and schemas cost a long task to evaluate on a phone (ADR 048).
 */
const quoteResponse: Parser<QuoteResponse> = {
  parse: async (data) => (await loadQuoteSchema()).quoteResponseSchema.parse(data),
};

/**
 * POST /api/properties/{id}/quote: the server's price for a stay. A 422
 * rejects the stay with a message for the guest (SPEC.md section 5), which
 * reaches the caller as an ApiError with status 422. The one price of the
 * booking flow: the page's summary, the calendar panel and step 1's date
 * editor all ask here.
 */
export function getQuote(
  propertyId: string,
  input: QuoteInput,
  signal?: AbortSignal,
  reference?: string,
  promoCode?: string,
): Promise<QuoteResponse> {
  const body: QuoteRequest = { checkin_date: input.checkIn, checkout_date: input.checkOut, guests: input.guests };
  // A reservation changing its dates: its own held nights count as free.
  if (reference !== undefined) body.reference = reference;
  // Priced by the server: a refused code keeps the price and says why (issue 26).
  if (promoCode !== undefined) body.promoCode = promoCode;
  // The contract downloads while the request is under way.
  void loadQuoteSchema().catch(() => undefined);
  return api.request(`/properties/${encodeURIComponent(propertyId)}/quote`, quoteResponse, {
    method: 'POST',
    body,
    signal,
  });
}

export function quoteQueryOptions(propertyId: string, input: QuoteInput) {
  const { checkIn, checkOut, guests } = input;
  return queryOptions({
    // Spelled out so two equal stays share one cache entry whatever the object identity.
    queryKey: ['quote', propertyId, checkIn, checkOut, guests.adults, guests.children, guests.infants, guests.pets],
    queryFn: ({ signal }) => getQuote(propertyId, input, signal),
  });
}

/**
 * The quote of the stay on screen, or nothing while `input` is null (dates
 * not chosen, or a stay the calendar already rules out). The last price stays
 * on screen while the next one loads, so the panel does not jump; callers
 * must check `isPlaceholderData` before acting on it.
 */
export function useQuote(propertyId: string, input: QuoteInput | null) {
  return useQuery({
    ...quoteQueryOptions(
      propertyId,
      input ?? { checkIn: '', checkOut: '', guests: { adults: 0, children: 0, infants: 0, pets: 0 } },
    ),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

interface RequoteInput {
  propertyId: string;
  stay: QuoteInput;
  /** The reservation's reference: the nights it holds are its own. */
  reference: string;
  /** The reservation's promo code, if it has one. */
  promoCode?: string | undefined;
}

/**
 * Step 1's date editor and the payment step's promo code: a mutation, as the
 * guest asks for it by changing the dates or applying a code and only the
 * last answer counts.
 */
export function useRequote() {
  return useMutation({
    mutationFn: ({ propertyId, stay, reference, promoCode }: RequoteInput) =>
      getQuote(propertyId, stay, undefined, reference, promoCode),
  });
}
