// Payment endpoints of SPEC.md section 7 under /api/stripe (the path names
// the original processor; the provider behind them may be the sandbox):
// the publishable key, creating a payment intent (DESIGN.md "Money path"
// step 2) and the Stripe webhook.
import {
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  errorBodySchema,
  publishableKeyResponseSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingDeps } from '../../lib/booking-deps.js';
import { createPaymentIntent } from '../../services/booking/index.js';
import { resolvePropertyRef } from '../../services/property-ref.js';
import { propertyNotFound } from '../properties/index.js';
import webhookRoute from './webhook.js';

/**
 * 409: the dates are taken (`unavailable`), a newer tab of the same
 * reservation took over (`superseded`), or (with `amount`, in cents) the
 * browser's total is not the server's; `promo` when that is because the code
 * it priced with cannot be used (unknown, used up...): `amount` is the total
 * without it, `message` says why (issue 26).
 */
const conflictBodySchema = z.object({
  message: z.string(),
  code: z.enum(['unavailable', 'superseded', 'promo']).optional(),
  amount: z.number().int().optional(),
});

const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/publishable-key', { schema: { response: { 200: publishableKeyResponseSchema } } }, () => ({
    publishableKey: app.payments.publishableKey,
    provider: app.payments.name,
  }));

  app.post(
    '/create-payment-intent',
    {
      schema: {
        body: createPaymentIntentRequestSchema,
        response: {
          200: createPaymentIntentResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: conflictBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // The body may name the home by UUID, listing number or slug; the
      // booking service works with the UUID only.
      const home = await resolvePropertyRef(app.db, request.body.propertyId);
      if (!home) return reply.code(404).send(propertyNotFound);
      // A signed-in guest's booking is recorded under their account; the
      // identity comes only from a verified access token, never the body.
      const outcome = await createPaymentIntent(bookingDeps(app, request.log), {
        ...request.body,
        propertyId: home.id,
        userId: request.auth?.userId,
      }, app.clock.now(request));
      switch (outcome.status) {
        case 'not_found':
          return reply.code(404).send(propertyNotFound);
        case 'rejected':
          return reply.code(422).send({ message: outcome.message });
        case 'unavailable':
        case 'superseded':
          return reply.code(409).send({ message: outcome.message, code: outcome.status });
        case 'price_changed':
          return reply.code(409).send({ message: outcome.message, amount: outcome.amount });
        case 'promo_refused':
          return reply.code(409).send({ message: outcome.message, code: 'promo', amount: outcome.amount });
        case 'ok':
          return outcome.intent;
      }
    },
  );

  // Its own encapsulated plugin: the webhook needs the raw body, every other route parsed JSON.
  await app.register(webhookRoute);
};

export default stripeRoutes;
