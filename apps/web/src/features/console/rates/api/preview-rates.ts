import { useMutation } from '@tanstack/react-query';
import { quoteResponseSchema, type AdminRatesPreview, type QuoteResponse } from '@sas/domain';
import { api } from '@/lib/api-client';

/** POST /api/admin/properties/{id}/rates/preview: the quote a guest would get with these unsaved rates. */
export function previewRates(homeId: string, preview: AdminRatesPreview): Promise<QuoteResponse> {
  return api.request(`/admin/properties/${encodeURIComponent(homeId)}/rates/preview`, quoteResponseSchema, {
    method: 'POST',
    body: preview,
  });
}

export function usePreviewRates(homeId: string) {
  return useMutation({ mutationFn: (preview: AdminRatesPreview) => previewRates(homeId, preview) });
}
