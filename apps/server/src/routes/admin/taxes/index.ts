// /api/admin/properties/{id}/taxes (issue 29): a home's lodging tax lines by
// jurisdiction, read and replaced whole. Staff and admins only, like the
// rates they price with: an owner reads their taxes on their statements.
import { adminPropertyParamsSchema, adminTaxLinesSchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { invalidateRates } from '../../../services/cache-bus.js';
import { requireConsoleHome } from '../../../services/console/homes.js';
import { getTaxLines, replaceTaxLines } from '../../../services/console/taxes.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const taxesRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/properties/:id/taxes',
    {
      preHandler: staff,
      schema: {
        summary:
          "A home's lodging tax lines by jurisdiction (rate in percent); its combined rate as one line when it has none; staff, admin",
        tags: ['console: rates'],
        params: adminPropertyParamsSchema,
        response: { 200: adminTaxLinesSchema, ...errors },
      },
    },
    async (request) => {
      const home = await requireConsoleHome(app.db, consoleUserOf(request), request.params.id);
      return getTaxLines(app.db, home.id);
    },
  );

  app.put(
    '/properties/:id/taxes',
    {
      preHandler: staff,
      schema: {
        summary:
          "Replace a home's tax lines (what GET answers); new quotes only, bookings keep their taxes; [] returns to the combined rate",
        tags: ['console: rates'],
        params: adminPropertyParamsSchema,
        body: adminTaxLinesSchema,
        response: { 200: adminTaxLinesSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = consoleUserOf(request);
      const home = await requireConsoleHome(app.db, user, request.params.id);
      const saved = await replaceTaxLines(app.db, user, home.id, request.body);
      // The trigger tells every process; this makes this one's rate tables drop the home before the answer.
      await invalidateRates(app.cacheBus, home.id);
      return saved;
    },
  );

  return Promise.resolve();
};

export default taxesRoutes;
