// Liveness and readiness in one: answers ok only when the database answers,
// so a load balancer stops sending traffic to an instance that lost it.
import { errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../services/catalog.js';

const healthRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        return reply.code(503).send({ message: 'Database unavailable' });
      }
      return { status: 'ok' as const };
    },
  );
  return Promise.resolve();
};

export default healthRoutes;
