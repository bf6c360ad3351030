// The calendar of a home: GET /api/properties/{id}/calendar for the booking
// panel (taken nights and minimum stays), and PUT /api/calendar/block-dates
// for staff (SPEC.md section 7). The browser never blocks dates itself: a
// paid stay is written by the server when it confirms the booking, and only
// a staff or admin account, or a request carrying the staff API key, may
// block dates here (ADR 007, ADR 012).
import {
  blockDatesQuerySchema,
  blockDatesRequestSchema,
  blockDatesResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  errorBodySchema,
  parsePropertyRef,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkStaffAccess } from '../../lib/staff-auth.js';
import { blockDates } from '../../services/availability.js';
import { propertyCalendar } from '../../services/pricing.js';
import { propertyNotFound } from '../properties/index.js';

const calendarRoutes: FastifyPluginAsyncZod = (app) => {
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
      // Before the body is parsed or validated: a caller without the key
      // learns nothing about the request format or the homes.
      onRequest: async (request, reply) => {
        const denial = checkStaffAccess(
          app.env.STAFF_API_KEY,
          request.headers.authorization,
          request.auth,
          request.authFailure,
        );
        if (!denial) return;
        if (denial.statusCode === 401) void reply.header('www-authenticate', 'Bearer');
        return reply.code(denial.statusCode).send({ message: denial.message });
      },
    },
    async (request, reply) => {
      const { dates, reason } = request.body;
      const outcome = await blockDates(
        app.db,
        parsePropertyRef(request.query.propertyId),
        dates,
        reason,
        app.clock.now(request),
      );
      switch (outcome.status) {
        case 'not_found':
          return reply.code(404).send(propertyNotFound);
        case 'rejected':
          return reply.code(422).send({ message: outcome.message });
        case 'unavailable':
          return reply.code(409).send({ message: outcome.message });
        case 'ok':
          return { success: true as const };
      }
    },
  );

  return Promise.resolve();
};

export default calendarRoutes;
