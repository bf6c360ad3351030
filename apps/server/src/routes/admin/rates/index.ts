// /api/admin/properties/{id}/rates (issue 14 section 3): a home's rates,
// read and replaced whole, and a quote previewed with rates not yet saved.
// Staff and admins only: the issue gives rates to staff, and an owner's part
// of the console is their calendars, reservations and statements.
import {
  DomainError,
  adminPropertyParamsSchema,
  adminRatesPreviewSchema,
  adminRatesSchema,
  errorBodySchema,
  quoteResponseSchema,
  homeNotFoundMessage,
} from '@sas/domain';
import { properties } from '@sas/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidateRates } from '../../../services/cache-bus.js';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { requireConsoleHome } from '../../../services/console/homes.js';
import {
  getAdminRates,
  noRatesMessage,
  previewAdminRates,
  replaceAdminRates,
} from '../../../services/console/rates.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const ratesRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/properties/:id/rates',
    {
      preHandler: staff,
      schema: {
        summary: "A home's rates in dollars, seasons with YYYY-MM-DD dates (`to` exclusive); staff, admin",
        tags: ['console: rates'],
        params: adminPropertyParamsSchema,
        response: { 200: adminRatesSchema, ...errors },
      },
    },
    async (request) => {
      const home = await requireConsoleHome(app.db, consoleUserOf(request), request.params.id);
      const rates = await getAdminRates(app.db, home.id);
      if (!rates) throw new DomainError('not_found', noRatesMessage);
      return rates;
    },
  );

  app.put(
    '/properties/:id/rates',
    {
      preHandler: staff,
      schema: {
        summary: "Replace a home's rates and seasons (what GET answers); new quotes only, bookings keep their price",
        tags: ['console: rates'],
        params: adminPropertyParamsSchema,
        body: adminRatesSchema,
        response: { 200: adminRatesSchema, 400: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = consoleUserOf(request);
      const home = await requireConsoleHome(app.db, user, request.params.id);
      const saved = await replaceAdminRates(app.db, user, home.id, request.body);
      // The triggers tell every process; this makes this one's rate tables drop the home before the answer.
      await invalidateRates(app.cacheBus, home.id);
      return saved;
    },
  );

  app.post(
    '/properties/:id/rates/preview',
    {
      preHandler: staff,
      schema: {
        summary: 'The quote a guest would get for these dates with these (unsaved) rates; taken nights are ignored',
        tags: ['console: rates'],
        params: adminPropertyParamsSchema,
        body: adminRatesPreviewSchema,
        response: { 200: quoteResponseSchema, 400: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const home = await requireConsoleHome(app.db, consoleUserOf(request), request.params.id);
      const [row] = await app.db
        .select({ timeZone: properties.timeZone, maxGuests: properties.maxGuests, petsAllowed: properties.petsAllowed })
        .from(properties)
        .where(eq(properties.id, home.id));
      if (!row) throw new DomainError('not_found', homeNotFoundMessage);
      const outcome = previewAdminRates(row, request.body, app.clock.now(request));
      if (!outcome.ok) return reply.code(422).send({ message: outcome.message });
      return outcome.quote;
    },
  );

  return Promise.resolve();
};

export default ratesRoutes;
