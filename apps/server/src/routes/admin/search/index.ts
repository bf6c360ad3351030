// /api/admin/search (ADR 040): the console's top bar. Owners, staff and
// admins; an owner finds only their homes and their bookings, by code or the
// guest's name.
import { adminSearchQuerySchema, adminSearchResultSchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { searchConsole } from '../../../services/console/search.js';

const searchRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/search',
    {
      preHandler: requireConsole(app.db, 'owner', 'staff', 'admin'),
      schema: {
        summary:
          "Bookings by code, guest name or e-mail and homes by listing number, name or town, a few of each (owners: their homes, no e-mail, the guest's last initial)",
        tags: ['console: search'],
        querystring: adminSearchQuerySchema,
        response: { 200: adminSearchResultSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => searchConsole(app.db, consoleUserOf(request), request.query.q),
  );
  return Promise.resolve();
};

export default searchRoutes;
