// POST /api/test/jobs/run (issue 28): for browser journeys and operators
// catching up, runs every periodic job of the system once (lib/periodic-jobs.ts)
// as if it were `at`, and answers when they have finished. Registered only
// with TEST_CLOCK on (itself allowed on a loopback PUBLIC_URL only), and
// answers only callers on the loopback interface; 404 otherwise, as if absent.
import { errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFoundMessage } from '../../lib/http-errors.js';
import { periodicJobs } from '../../lib/periodic-jobs.js';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const testRoutes: FastifyPluginAsyncZod = (app) => {
  app.post(
    '/jobs/run',
    {
      schema: {
        summary: 'Runs every periodic job once as if at `at` (ISO 8601); TEST_CLOCK and loopback only',
        tags: ['test'],
        body: z
          .object({ at: z.iso.datetime({ offset: true, error: 'at must be an ISO 8601 date and time' }) })
          .strict(),
        response: { 200: z.object({ ran: z.array(z.string()) }), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!loopback.has(request.ip)) return reply.code(404).send({ message: notFoundMessage });
      const at = new Date(request.body.at);
      const ran: string[] = [];
      for (const job of periodicJobs(app)) {
        await job.runOnce(at);
        ran.push(job.name);
      }
      return { ran };
    },
  );
  return Promise.resolve();
};

export default testRoutes;
