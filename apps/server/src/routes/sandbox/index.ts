// POST /api/sandbox/payment-intents/{id}/confirm: the sandbox processor's
// card endpoint, which the browser's local card form calls instead of Stripe
// when the provider is the sandbox (ADR 009). Answers like a processor:
// succeeded, or 402 with the decline message the form shows.
import {
  errorBodySchema,
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
  sandboxDeclinedBodySchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmSandboxPayment } from '../../services/payments/sandbox.js';

export const sandboxMessages = {
  disabled: 'The sandbox is not enabled: payments go through Stripe.',
  notFound: 'No such payment intent.',
} as const;

const sandboxRoutes: FastifyPluginAsyncZod = (app) => {
  app.post(
    '/payment-intents/:id/confirm',
    {
      schema: {
        params: z.object({ id: z.string().max(255) }),
        body: sandboxConfirmRequestSchema,
        response: {
          200: sandboxConfirmResponseSchema,
          400: errorBodySchema,
          402: sandboxDeclinedBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (app.payments.name !== 'sandbox') return reply.code(404).send({ message: sandboxMessages.disabled });
      const { clientSecret, card } = request.body;
      const outcome = await confirmSandboxPayment(
        app.db,
        request.params.id,
        clientSecret,
        card,
        app.clock.now(request),
      );
      switch (outcome.status) {
        case 'not_found':
          return reply.code(404).send({ message: sandboxMessages.notFound });
        case 'closed':
          return reply.code(409).send({ message: outcome.message });
        case 'declined':
          return reply.code(402).send({ status: 'requires_payment_method' as const, message: outcome.message });
        case 'succeeded':
          // The finalizer books it should the browser never confirm (closed tab, lost network).
          return { id: outcome.id, status: 'succeeded' as const };
      }
    },
  );
  return Promise.resolve();
};

export default sandboxRoutes;
