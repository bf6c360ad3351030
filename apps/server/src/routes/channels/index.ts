// GET /api/properties/{id}/calendar.ics?token=T (issue 15, ADR 027): the
// calendar Airbnb, Vrbo, Booking.com and others poll to learn which nights
// are taken here. The token is the only credential, so a wrong or missing
// one, an unknown home and an unpublished one all get the same 404. Not rate
// limited: channels poll every few minutes, a 256-bit token cannot be guessed
// and a refused request costs two indexed reads. ETag and Last-Modified let a
// poll that finds nothing new end in a 304.
import { errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadCalendarExport } from '../../services/channels/export.js';

export const calendarExportNotFound = { message: 'Calendar not found' };

/** Entity tags of an If-None-Match header, weak or strong alike (RFC 9110 weak comparison). */
function entityTags(header: string): string[] {
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
}

const channelRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/properties/:id/calendar.ics',
    {
      schema: {
        summary:
          "A home's taken nights as an iCalendar feed for one channel (the token names it); the channel's own imported blocks are left out",
        tags: ['channels'],
        // The home's UUID, listing number or slug (resolvePropertyRef).
        params: z.object({ id: z.string().max(200) }),
        querystring: z.object({ token: z.string().max(200).optional() }),
        // The iCalendar text is a string with its own content type: Fastify sends it as it is.
        response: { 200: z.string(), 304: z.void(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const feed = await loadCalendarExport(app.db, request.params.id, request.query.token, app.clock.now(request));
      if (!feed) return reply.code(404).send(calendarExportNotFound);
      // The URL is a secret: no shared cache keeps it, and every use revalidates.
      void reply
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .header('etag', feed.etag);
      if (feed.lastModified) void reply.header('last-modified', feed.lastModified.toUTCString());

      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      if (ifNoneMatch !== undefined) {
        // If-None-Match decides alone when present (RFC 9110 section 13.2.2).
        const tags = entityTags(ifNoneMatch);
        if (tags.includes('*') || tags.includes(feed.etag)) return reply.code(304).send();
      } else if (ifModifiedSince !== undefined && feed.lastModified) {
        const since = Date.parse(ifModifiedSince);
        // HTTP dates count whole seconds.
        if (!Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since) {
          return reply.code(304).send();
        }
      }
      return reply.type('text/calendar; charset=utf-8').send(feed.body);
    },
  );

  return Promise.resolve();
};

export default channelRoutes;
