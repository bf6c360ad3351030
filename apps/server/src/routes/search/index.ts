// GET /api/search/availability: homes free for the dates that fit the party,
// priced and cheapest first. Our first-party stand-in for the availability
// widget of SPEC.md section 2 (DESIGN.md "Third-party widgets").
import { availabilitySearchQuerySchema, availabilitySearchResponseSchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchAvailability } from '../../services/pricing.js';
import { sendJsonText } from '../properties/index.js';

const searchRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/availability',
    {
      schema: {
        querystring: availabilitySearchQuerySchema,
        response: { 200: availabilitySearchResponseSchema, 400: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const outcome = await searchAvailability(
        { db: app.db, rates: app.rateTables, catalog: app.catalogCache, takenHomes: app.takenHomes },
        request.query,
        app.clock.now(request),
      );
      if (outcome.status === 'rejected') return reply.code(422).send({ message: outcome.error.message });
      // Built from the cards' stored texts, in the shape of the 200 schema (ADR 018).
      return sendJsonText(reply, outcome.body);
    },
  );
  return Promise.resolve();
};

export default searchRoutes;
