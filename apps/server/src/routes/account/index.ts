// GET /api/account/bookings: the signed-in guest's bookings, those recorded
// under their account when they paid while signed in (ADR 012).
import { accountBookingsSchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth.js';
import { listAccountBookings } from '../../services/auth/accounts.js';

const accountRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/bookings',
    { schema: { response: { 200: accountBookingsSchema, 401: errorBodySchema } }, preHandler: app.requireUser },
    async (request) => listAccountBookings(app.db, signedInUser(request).userId),
  );
  return Promise.resolve();
};

export default accountRoutes;
