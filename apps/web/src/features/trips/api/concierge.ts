import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  conciergeOrderResponseSchema,
  conciergeServiceSchema,
  type ConciergeOrderBody,
  type ConciergeOrderResponse,
  type ConciergeService,
} from '@sas/domain';
import { api } from '@/lib/api-client';

const servicesPath = (code: string) => `/trips/${encodeURIComponent(code)}/add-ons`;

/** POST /api/trips/{code}/add-ons: the server prices the service and answers its payment; 422 names a broken rule. */
export function orderConcierge(
  code: string,
  token: string | null,
  body: ConciergeOrderBody,
): Promise<ConciergeOrderResponse> {
  return api.request(servicesPath(code), conciergeOrderResponseSchema, { method: 'POST', query: { token }, body });
}

/** POST …/add-ons/{id}/confirm after the card form: the server asks the provider and marks it paid. */
export function confirmConcierge(code: string, token: string | null, id: string): Promise<ConciergeService> {
  return api.request(`${servicesPath(code)}/${encodeURIComponent(id)}/confirm`, conciergeServiceSchema, {
    method: 'POST',
    query: { token },
  });
}

/** POST …/add-ons/{id}/cancel: a full refund until 48 hours before the service; a repeat refunds nothing more. */
export function cancelConcierge(code: string, token: string | null, id: string): Promise<ConciergeService> {
  return api.request(`${servicesPath(code)}/${encodeURIComponent(id)}/cancel`, conciergeServiceSchema, {
    method: 'POST',
    query: { token },
  });
}

/** The booking's page (under ['account']) lists the services: asked again after each change. */
export function useConciergeMutations(code: string, token: string | null) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['account'] });
  return {
    order: useMutation({ mutationFn: (body: ConciergeOrderBody) => orderConcierge(code, token, body) }),
    confirm: useMutation({ mutationFn: (id: string) => confirmConcierge(code, token, id), onSettled: refresh }),
    cancel: useMutation({ mutationFn: (id: string) => cancelConcierge(code, token, id), onSettled: refresh }),
  };
}
