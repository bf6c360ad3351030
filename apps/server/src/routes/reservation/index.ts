// Under /api/reservation: confirming a paid reservation (DESIGN.md "Money
// path" step 4) and the last of SPEC.md's e-mail fallbacks.
import { bookingConfirmationPayloadSchema, bookingConfirmationSchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingDeps } from '../../lib/booking-deps.js';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.js';
import { confirmBooking, confirmMessages } from '../../services/booking/index.js';
import { requestBookingEmail } from '../../services/email/booking-emails.js';
import { replyToEmailRequest, sendEmailResponses } from '../email/index.js';

const reservationRoutes: FastifyPluginAsyncZod = (app) => {
  allowEmptyJsonBody(app);

  app.post(
    '/confirm',
    {
      schema: {
        body: bookingConfirmationPayloadSchema,
        response: {
          200: bookingConfirmationSchema,
          400: errorBodySchema,
          402: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { paymentIntentId, firstName, lastName, email, phoneNumber } = request.body;
      const outcome = await confirmBooking(
        bookingDeps(app, request.log),
        { paymentIntentId, contact: { firstName, lastName, email, phoneNumber } },
        app.clock.now(request),
      );
      switch (outcome.status) {
        case 'not_found':
          return reply.code(404).send({ message: confirmMessages.notFound });
        case 'not_paid':
          return reply.code(402).send({ message: outcome.message });
        case 'conflict':
          return reply.code(409).send({ message: outcome.message });
        case 'confirmed':
          return outcome.booking;
      }
    },
  );

  app.post(
    '/send-email/:bookingId',
    { schema: { params: z.object({ bookingId: z.string().min(1).max(255) }), response: sendEmailResponses } },
    async (request, reply) => {
      const outcome = await requestBookingEmail(app.db, request.params.bookingId, app.env.PUBLIC_URL);
      if (outcome.status === 'accepted' && outcome.queued) app.mailer.outbox.poke();
      return replyToEmailRequest(reply, outcome);
    },
  );
  return Promise.resolve();
};

export default reservationRoutes;
