// /api/admin/reviews and /api/admin/review-blocklist (issue 14 section 7):
// staff hide or show a review and edit the blocklist's terms; the public
// pages follow at once, in every process (the tables NOTIFY, ADR 018).
import {
  adminReviewListSchema,
  adminReviewQuerySchema,
  adminReviewSchema,
  errorBodySchema,
  reviewBlocklistSchema,
  updateReviewRequestSchema,
  homeNotFoundMessage,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateReviews } from '../../../services/cache-bus.js';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { listAdminReviews, replaceReviewBlocklist, updateReview } from '../../../services/console/reviews.js';
import { resolvePropertyRef } from '../../../services/property-ref.js';
import { loadReviewBlocklist } from '../../../services/review-blocklist.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema };
export const reviewNotFoundMessage = 'Review not found';

const reviewsRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/reviews',
    {
      preHandler: staff,
      schema: {
        summary:
          "Every review, hidden ones too, with why the public pages leave one out; ?propertyId= (UUID, listing number or slug) for one home's, ?status=pending|published|hidden; staff, admin",
        tags: ['console: reviews'],
        querystring: adminReviewQuerySchema,
        response: { 200: adminReviewListSchema, 400: errorBodySchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { propertyId: ref, status } = request.query;
      if (ref === undefined) return listAdminReviews(app.db, undefined, status);
      const home = await resolvePropertyRef(app.db, ref);
      if (!home) return reply.code(404).send({ message: homeNotFoundMessage });
      return listAdminReviews(app.db, home.id, status);
    },
  );

  app.patch(
    '/reviews/:id',
    {
      preHandler: staff,
      schema: {
        summary:
          'Publish, hide or show a review ({ status } or { hidden }) and reply to it in public ({ reply }, empty removes it); staff, admin',
        tags: ['console: reviews'],
        params: z.object({ id: z.string().min(1).max(200) }),
        body: updateReviewRequestSchema,
        response: { 200: adminReviewSchema, 400: errorBodySchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const review = await updateReview(app.db, consoleUserOf(request), request.params.id, request.body);
      if (!review) return reply.code(404).send({ message: reviewNotFoundMessage });
      // The trigger tells every process; this makes this one's caches drop the home before the answer.
      await invalidateReviews(app.cacheBus, review.propertyId);
      return review;
    },
  );

  app.get(
    '/review-blocklist',
    {
      preHandler: staff,
      schema: {
        summary: 'The terms that hide a review (its id, or text in its guest name or review); staff, admin',
        tags: ['console: reviews'],
        response: { 200: reviewBlocklistSchema, ...errors },
      },
    },
    async () => ({ terms: await loadReviewBlocklist(app.db) }),
  );

  app.put(
    '/review-blocklist',
    {
      preHandler: staff,
      schema: {
        summary: 'Replace the blocklist (what GET answers); staff, admin',
        tags: ['console: reviews'],
        body: reviewBlocklistSchema,
        response: { 200: reviewBlocklistSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const terms = await replaceReviewBlocklist(app.db, consoleUserOf(request), request.body.terms);
      await app.cacheBus.publish('review_blocklist');
      return { terms };
    },
  );

  return Promise.resolve();
};

export default reviewsRoutes;
