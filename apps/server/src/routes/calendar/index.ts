// The calendar of a home: GET /api/properties/{id}/calendar for the booking
// panel (taken nights and minimum stays), and PUT /api/calendar/block-dates
// (SPEC.md section 7). The browser never blocks dates itself: a paid stay is
// written by the server when it confirms the booking. Blocking dates is the
// console's blocking under the console's rule (ADR 041): staff and admins any
// home, owners their own (as "Owner stay"), and the staff API key as staff.
import {
  blockDatesQuerySchema,
  blockDatesRequestSchema,
  blockDatesResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  contiguousRuns,
  errorBodySchema,
  parsePropertyRef,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consolePrincipalOf, requireConsoleOrStaffKey } from '../../lib/console-guard.js';
import { createBlock } from '../../services/console/calendar.js';
import { propertyCalendar } from '../../services/pricing.js';
import { propertyNotFound } from '../properties/index.js';

const calendarRoutes: FastifyPluginAsyncZod = (app) => {
  app.decorateRequest('consoleUser', null);
  app.decorateRequest('consolePrincipal', null);

  app.get(
    '/properties/:id/calendar',
    {
      schema: {
        // The home's UUID, listing number or slug, resolved by the service (resolvePropertyRef).
        params: z.object({ id: z.string() }),
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const outcome = await propertyCalendar(
        { db: app.db, rates: app.rateTables },
        parsePropertyRef(request.params.id),
        request.query,
        app.clock.now(request),
      );
      switch (outcome.status) {
        case 'not_found':
          return reply.code(404).send(propertyNotFound);
        case 'invalid':
          return reply.code(400).send({ message: outcome.message });
        case 'ok':
          return outcome.calendar;
      }
    },
  );

  app.put(
    '/calendar/block-dates',
    {
      schema: {
        // propertyId: the home's UUID, listing number or slug, as everywhere (resolvePropertyRef).
        querystring: blockDatesQuerySchema,
        body: blockDatesRequestSchema,
        response: {
          200: blockDatesResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
      // Before the body is parsed or validated: a caller who may not block
      // learns nothing about the request format or the homes.
      onRequest: requireConsoleOrStaffKey(app.db, app.env.STAFF_API_KEY, 'owner', 'staff', 'admin'),
    },
    async (request, reply) => {
      // One block per run of consecutive nights; the schema asks for at least one date.
      const [first, ...rest] = contiguousRuns(request.body.dates);
      if (!first) return reply.code(400).send({ message: 'dates must list at least one date' });
      const outcome = await createBlock(
        app.db,
        consolePrincipalOf(request),
        request.query.propertyId,
        { runs: [first, ...rest], reason: request.body.reason },
        app.clock.now(request),
        { publicUrl: app.env.PUBLIC_URL },
      );
      switch (outcome.status) {
        case 'not_found':
          return reply.code(404).send(propertyNotFound);
        case 'rejected':
          return reply.code(422).send({ message: outcome.message });
        case 'conflict':
          return reply.code(409).send({ message: outcome.message });
        case 'created':
          return { success: true as const };
      }
    },
  );

  return Promise.resolve();
};

export default calendarRoutes;
