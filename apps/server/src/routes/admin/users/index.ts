// /api/admin/users (issue 14, "Who does what"): admins list accounts, invite
// staff and owners (an e-mailed link through the outbox) and change roles and
// owners' homes. Admins only; every write is audited in its transaction.
import {
  adminUserListSchema,
  adminUserSchema,
  errorBodySchema,
  inviteUserRequestSchema,
  updateUserRequestSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteUser } from '../../../services/console/invites.js';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { listUsers, updateUser } from '../../../services/console/users.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema };

const usersRoutes: FastifyPluginAsyncZod = (app) => {
  const admin = requireConsole(app.db, 'admin');

  app.get(
    '/users',
    {
      preHandler: admin,
      schema: {
        summary: 'Accounts with a console role (owner, staff, admin), or every account with ?all=true; admin',
        tags: ['console: users'],
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: adminUserListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => listUsers(app.db, { all: request.query.all === 'true' }),
  );

  app.post(
    '/users/invite',
    {
      preHandler: admin,
      schema: {
        summary:
          'Invite a staff member or owner: creates the account (or sets its role) and e-mails a 7-day link; admin',
        tags: ['console: users'],
        body: inviteUserRequestSchema,
        response: { 201: adminUserSchema, 400: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await inviteUser(
        app.db,
        consoleUserOf(request),
        request.body,
        app.env.PUBLIC_URL,
        app.clock.now(request),
      );
      app.mailer.outbox.poke();
      return reply.code(201).send(user);
    },
  );

  app.patch(
    '/users/:id',
    {
      preHandler: admin,
      schema: {
        summary: "Change an account's role and/or an owner's homes (UUIDs, listing numbers or slugs); admin",
        tags: ['console: users'],
        params: z.object({ id: z.uuid({ error: 'id must be an account id (UUID)' }) }),
        body: updateUserRequestSchema,
        response: { 200: adminUserSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      updateUser(app.db, consoleUserOf(request), request.params.id, request.body, app.clock.now(request)),
  );

  return Promise.resolve();
};

export default usersRoutes;
