import { sandboxConfirmResponseSchema, type SandboxConfirmRequest } from '@sas/domain';
import { api } from '@/lib/api-client';

export type SandboxCard = SandboxConfirmRequest['card'];

/**
 * POST /api/sandbox/payment-intents/{id}/confirm: the sandbox provider's
 * stand-in for Stripe's card confirmation (DESIGN.md "Money path" step 3).
 * A declined card answers 402 with the provider's message, e.g. 'Your card
 * was declined.', and leaves the intent open for another card.
 */
export function confirmSandboxPayment(paymentIntentId: string, input: SandboxConfirmRequest) {
  return api.request(
    `/sandbox/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm`,
    sandboxConfirmResponseSchema,
    {
      method: 'POST',
      body: input,
    },
  );
}
