// /api/admin/concierge (issue 16 item 5): the concierge schedule, every paid
// service of a confirmed booking by day and time across homes. Staff and
// admins: it carries guests' names and phone numbers.
import { conciergeScheduleQuerySchema, conciergeScheduleSchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireConsole } from '../../../lib/console-guard.js';
import { conciergeSchedule } from '../../../services/console/concierge.js';

const conciergeRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/concierge',
    {
      preHandler: staff,
      schema: {
        summary: 'The concierge schedule from a day (today at the office by default) for 1-62 days; staff, admin',
        tags: ['console: concierge'],
        querystring: conciergeScheduleQuerySchema,
        response: { 200: conciergeScheduleSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => conciergeSchedule(app.db, request.query, app.clock.now(request)),
  );

  return Promise.resolve();
};

export default conciergeRoutes;
