// GET /api/search/availability: homes free for the dates that fit the party,
// priced and cheapest first. Our first-party stand-in for the availability
// widget of SPEC.md section 2 (DESIGN.md "Third-party widgets").
import { availabilitySearchQuerySchema, availabilitySearchResponseSchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchAvailability } from '../../services/pricing.js';

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
      const outcome = await searchAvailability(app.db, request.query);
      if (outcome.status === 'rejected') return reply.code(422).send({ message: outcome.error.message });
      return outcome.homes;
    },
  );
  return Promise.resolve();
};

export default searchRoutes;
