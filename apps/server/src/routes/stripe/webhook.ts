// POST /api/stripe/webhook: Stripe tells us a payment succeeded, so a guest
// who closed the tab right after paying still gets the booking (ADR 009).
// The signature is checked over the exact bytes received, hence the raw body
// parser, scoped to this plugin. A bad signature is a 400 and nothing else
// happens; a failure while booking is a 500, which makes Stripe retry.
import { errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingDeps } from '../../lib/booking-deps.js';
import { handlePaymentEvent } from '../../services/payment-events.js';
import { WebhookSignatureError } from '../../services/payments/index.js';

const webhookRoute: FastifyPluginAsyncZod = (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhook',
    {
      schema: {
        response: { 200: z.object({ received: z.literal(true) }), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const construct = app.payments.constructWebhookEvent?.bind(app.payments);
      if (!construct) return reply.code(404).send({ message: 'Webhooks are not enabled: payments use the sandbox.' });
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        return reply.code(400).send({ message: 'A signed webhook body is required.' });
      }
      let event;
      try {
        event = construct(request.body, signature);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          request.log.warn({ reason: err.message }, 'webhook signature rejected');
          return reply.code(400).send({ message: 'The webhook signature is not valid.' });
        }
        throw err;
      }
      await handlePaymentEvent(bookingDeps(app, request.log), event, app.clock.now(request));
      return { received: true as const };
    },
  );
  return Promise.resolve();
};

export default webhookRoute;
