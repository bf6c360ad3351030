// GET /feeds/google/listings.xml?token=T (issue 27, ADR 044): Google's listing
// feed of every eligible published home. The token (set in the console) is
// the only credential, so a wrong or missing one gets the same 404 as a feed
// that does not exist. Google fetches it a few times a day.
import { errorBodySchema, listingFeedXml } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadFeedHomes } from '../../services/google/feed.js';
import { isFeedToken } from '../../services/google/settings.js';

export const feedNotFound = { message: 'Feed not found' };

const feedRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/google/listings.xml',
    {
      schema: {
        summary: "Google Vacation Rentals' listing feed: every eligible published home; the token names the feed",
        tags: ['google'],
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: z.string(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!(await isFeedToken(app.db, request.query.token))) return reply.code(404).send(feedNotFound);
      const homes = await loadFeedHomes(app.db, { publicUrl: app.env.PUBLIC_URL });
      return reply
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .type('application/xml; charset=utf-8')
        .send(listingFeedXml(homes));
    },
  );
  return Promise.resolve();
};

export default feedRoutes;
