// /api/admin/dashboard and /api/admin/statements (issue 14 section 1): the
// numbers of the homes the caller may see, all of them for staff and admins,
// an owner's own for an owner (services/console/dashboard.ts has the rules).
import {
  adminDashboardSchema,
  adminStatementQuerySchema,
  adminStatementSchema,
  errorBodySchema,
  homeNotFoundMessage,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { loadDashboard, loadStatement } from '../../../services/console/dashboard.js';

const dashboardRoutes: FastifyPluginAsyncZod = (app) => {
  const consoleUsers = requireConsole(app.db, 'owner', 'staff', 'admin');

  app.get(
    '/dashboard',
    {
      preHandler: consoleUsers,
      schema: {
        summary:
          'Occupancy and revenue per month (12 past, the current and 11 next) per home and in total; arrivals and departures of the next 7 days',
        tags: ['console: dashboard'],
        response: { 200: adminDashboardSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => loadDashboard(app.db, consoleUserOf(request), app.clock.now(request)),
  );

  app.get(
    '/statements',
    {
      preHandler: consoleUsers,
      schema: {
        summary: "A month's confirmed bookings and gross per home: an owner's homes, or every home (or one) for staff",
        tags: ['console: dashboard'],
        querystring: adminStatementQuerySchema,
        response: {
          200: adminStatementSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await loadStatement(app.db, consoleUserOf(request), request.query);
      if (outcome.status === 'not_found') return reply.code(404).send({ message: homeNotFoundMessage });
      return outcome.statement;
    },
  );

  return Promise.resolve();
};

export default dashboardRoutes;
