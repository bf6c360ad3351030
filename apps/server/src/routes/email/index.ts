// POST /api/email/send-manual: the second of SPEC.md's three e-mail
// fallbacks, by confirmation code (the booking code, or the payment intent id
// the original client used as one). The shared answer of all three lives here.
import { companyPhone, errorBodySchema, sendEmailResponseSchema, sendManualEmailRequestSchema } from '@sas/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestBookingEmail, type EmailRequestOutcome } from '../../services/email/booking-emails.js';

export const emailMessages = {
  notFound: 'Booking not found',
  noAddress: `This booking has no e-mail address. Please call us at ${companyPhone}.`,
  rateLimited: 'Too many e-mails were requested for this booking. Please try again in an hour.',
} as const;

export const sendEmailResponses = {
  202: sendEmailResponseSchema,
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

/** The answer of every send-email endpoint: 202 once a message is (or already was) on its way. */
export function replyToEmailRequest(reply: FastifyReply, outcome: EmailRequestOutcome): FastifyReply {
  switch (outcome.status) {
    case 'not_found':
      return reply.code(404).send({ message: emailMessages.notFound });
    case 'no_address':
      return reply.code(409).send({ message: emailMessages.noAddress });
    case 'rate_limited':
      return reply.code(429).send({ message: emailMessages.rateLimited });
    case 'accepted':
      return reply.code(202).send({ success: true });
  }
}

const emailRoutes: FastifyPluginAsyncZod = (app) => {
  app.post(
    '/send-manual',
    { schema: { body: sendManualEmailRequestSchema, response: sendEmailResponses } },
    async (request, reply) => {
      const outcome = await requestBookingEmail(app.db, request.body.confirmationCode, app.env.PUBLIC_URL);
      if (outcome.status === 'accepted' && outcome.queued) app.mailer.outbox.poke();
      return replyToEmailRequest(reply, outcome);
    },
  );
  return Promise.resolve();
};

export default emailRoutes;
