// POST /api/owner-inquiries: a home owner's inquiry from the Management page,
// stored and e-mailed to the company (COMPANY_INBOX_EMAIL) through the outbox.
import {
  errorBodySchema,
  ownerInquiryRateLimitedMessage,
  ownerInquiryRequestSchema,
  ownerInquiryResponseSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOwnerInquiry } from '../../services/owner-inquiries.js';

const ownerInquiryRoutes: FastifyPluginAsyncZod = (app) => {
  app.post(
    '/',
    {
      schema: {
        body: ownerInquiryRequestSchema,
        response: { 201: ownerInquiryResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const outcome = await createOwnerInquiry(app.db, request.body, app.env.COMPANY_INBOX_EMAIL);
      if (outcome.status === 'rate_limited') return reply.code(429).send({ message: ownerInquiryRateLimitedMessage });
      app.mailer.outbox.poke();
      return reply.code(201).send({ id: outcome.id });
    },
  );
  return Promise.resolve();
};

export default ownerInquiryRoutes;
