// POST /api/properties/{id}/quote: the price of a stay, computed from the
// server's own rates (DESIGN.md "Money path" step 1). 422 carries a message
// the booking panel shows as is (SPEC.md sections 5 and 8).
import { errorBodySchema, parsePropertyRef, quoteRequestSchema, quoteResponseSchema, quoteToApi } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replaceableHolds } from '../../services/booking/index.js';
import { quoteStay } from '../../services/pricing.js';
import { propertyNotFound } from '../properties/index.js';

const quoteRoutes: FastifyPluginAsyncZod = (app) => {
  app.post(
    '/:id/quote',
    {
      schema: {
        // The home's UUID, listing number or slug, resolved by quoteStay (resolvePropertyRef).
        params: z.object({ id: z.string() }),
        body: quoteRequestSchema,
        response: {
          200: quoteResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { checkin_date, checkout_date, guests, reference, promoCode } = request.body;
      const outcome = await quoteStay(
        { db: app.db, rates: app.rateTables },
        parsePropertyRef(request.params.id),
        { checkIn: checkin_date, checkOut: checkout_date, guests, promoCode },
        app.clock.now(request),
        // The reservation's own hold is free to it, as when it pays (createPaymentIntent).
        reference === undefined ? undefined : replaceableHolds(reference, request.auth?.userId),
      );
      switch (outcome.status) {
        case 'not_found':
          return reply.code(404).send(propertyNotFound);
        case 'rejected':
          return reply.code(422).send({ message: outcome.error.message });
        case 'ok':
          return quoteToApi(outcome.quote);
      }
    },
  );
  return Promise.resolve();
};

export default quoteRoutes;
