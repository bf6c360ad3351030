// /api/admin calendar (issue 14 section 4): the calendar of one home or all,
// and blocks. Staff and admins block any home (a staff block with their
// reason); an owner blocks their own homes only, as "Owner stay". The
// database's exclusion constraint decides collisions (services/console/calendar.ts).
import {
  adminBlockCreatedSchema,
  adminBlockRequestSchema,
  adminCalendarQuerySchema,
  adminCalendarSchema,
  errorBodySchema,
  homeNotFoundMessage,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { createBlock, deleteBlock, loadCalendar } from '../../../services/console/calendar.js';

const blockNotFoundMessage = 'Block not found';
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const calendarRoutes: FastifyPluginAsyncZod = (app) => {
  const consoleUsers = requireConsole(app.db, 'owner', 'staff', 'admin');

  app.get(
    '/calendar',
    {
      preHandler: consoleUsers,
      schema: {
        summary:
          'Taken nights (reservations, holds, blocks) sharing a night with [from, to): one home with propertyId, else every home the caller may see',
        tags: ['console: calendar'],
        querystring: adminCalendarQuerySchema,
        response: { 200: adminCalendarSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await loadCalendar(app.db, consoleUserOf(request), request.query);
      if (outcome.status === 'not_found') return reply.code(404).send({ message: homeNotFoundMessage });
      return outcome.calendar;
    },
  );

  app.post(
    '/properties/:id/blocks',
    {
      preHandler: consoleUsers,
      schema: {
        summary:
          'Block nights of a home: staff and admins any home (staff block), owners their own (owner block, reason "Owner stay"). 409 names what the nights collide with',
        tags: ['console: calendar'],
        params: z.object({ id: z.string().min(1).max(200) }),
        body: adminBlockRequestSchema,
        response: {
          201: adminBlockCreatedSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { checkIn, checkOut, reason } = request.body;
      const outcome = await createBlock(
        app.db,
        consoleUserOf(request),
        request.params.id,
        { runs: [{ checkIn, checkOut }], reason },
        app.clock.now(request),
        { publicUrl: app.env.PUBLIC_URL },
      );
      switch (outcome.status) {
        case 'created':
          return reply.code(201).send({ id: outcome.ids[0] });
        case 'not_found':
          return reply.code(404).send({ message: homeNotFoundMessage });
        case 'rejected':
          return reply.code(422).send({ message: outcome.message });
        case 'conflict':
          return reply.code(409).send({ message: outcome.message });
      }
    },
  );

  app.delete(
    '/blocks/:id',
    {
      preHandler: consoleUsers,
      schema: {
        summary:
          'Remove a block (its nights are free at once): staff and admins any staff or owner block, owners the owner blocks of their homes',
        tags: ['console: calendar'],
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 204: z.void(), 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await deleteBlock(app.db, consoleUserOf(request), request.params.id, app.clock.now(request), {
        publicUrl: app.env.PUBLIC_URL,
      });
      switch (outcome.status) {
        case 'deleted':
          return reply.code(204).send();
        case 'not_found':
          return reply.code(404).send({ message: blockNotFoundMessage });
        case 'forbidden':
          return reply.code(403).send({ message: outcome.message });
        case 'conflict':
          return reply.code(409).send({ message: outcome.message });
      }
    },
  );

  return Promise.resolve();
};

export default calendarRoutes;
