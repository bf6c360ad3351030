// POST /api/booking/send-email/{id}: the first of SPEC.md's e-mail
// fallbacks, sent with a JSON content type and no body; the id is the
// payment intent id, the booking id or the booking code.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowEmptyJsonBody } from '../../lib/empty-json-body.js';
import { requestBookingEmail } from '../../services/email/booking-emails.js';
import { replyToEmailRequest, sendEmailResponses } from '../email/index.js';

const bookingRoutes: FastifyPluginAsyncZod = (app) => {
  allowEmptyJsonBody(app);
  app.post(
    '/send-email/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(255) }), response: sendEmailResponses } },
    async (request, reply) => {
      const outcome = await requestBookingEmail(app.db, request.params.id, app.env.PUBLIC_URL);
      if (outcome.status === 'accepted' && outcome.queued) app.mailer.outbox.poke();
      return replyToEmailRequest(reply, outcome);
    },
  );
  return Promise.resolve();
};

export default bookingRoutes;
