// Verified reviews (issue 28), public: the review link's stay, and writing
// the review. Anyone holding the link may call them (the link is the
// credential, signed for one booking); nothing here reads another booking.
import { errorBodySchema, reviewRequestSchema, submitReviewResponseSchema, submitReviewSchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  readReviewLink,
  reviewExistsMessage,
  reviewLinkExpiredMessage,
  reviewLinkNotFoundMessage,
  reviewNotOpenMessage,
  submitReview,
} from '../../services/reviews/index.js';

const tags = ['reviews'];

const reviewRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/request/:token',
    {
      schema: {
        summary:
          "The stay a review link is for: 404 for a bad or used link (or before checkout), 410 after 60 days; the link's holder",
        tags,
        params: z.object({ token: z.string().min(1).max(2_000) }),
        response: { 200: reviewRequestSchema, 404: errorBodySchema, 410: errorBodySchema },
      },
    },
    async (request, reply) => {
      const link = await readReviewLink(app.db, app.env.JWT_SECRET, request.params.token, app.clock.now(request));
      switch (link.kind) {
        case 'ok':
          return link.request;
        case 'expired':
          return reply.code(410).send({ message: reviewLinkExpiredMessage });
        case 'not_open':
          return reply.code(404).send({ message: reviewNotOpenMessage });
        default:
          return reply.code(404).send({ message: reviewLinkNotFoundMessage });
      }
    },
  );

  app.post(
    '/',
    {
      schema: {
        summary:
          "Writes the review of the stay the link is for (pending until staff publish it): 201; 409 when the stay has one; the link's holder",
        tags,
        body: submitReviewSchema,
        response: {
          201: submitReviewResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          410: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await submitReview(app.db, app.env.JWT_SECRET, request.body, app.clock.now(request));
      switch (outcome.kind) {
        case 'created':
          return reply.code(201).send({ id: outcome.id, status: 'pending' as const });
        case 'used':
          return reply.code(409).send({ message: reviewExistsMessage });
        case 'expired':
          return reply.code(410).send({ message: reviewLinkExpiredMessage });
        case 'not_open':
          return reply.code(404).send({ message: reviewNotOpenMessage });
        default:
          return reply.code(404).send({ message: reviewLinkNotFoundMessage });
      }
    },
  );
  return Promise.resolve();
};

export default reviewRoutes;
