// /api/admin channel sync (issue 15, ADR 027): a home's imported calendar
// feeds and its export URLs. Staff and admins only: connecting a home to
// Airbnb or Vrbo is the company's work, so owners get 403 like other
// staff-only routes. Rules in services/channels/feeds.ts; the URL rules in
// services/channels/fetch.ts (checkFeedUrl), which every fetch applies again.
import {
  adminCalendarExportRotatedSchema,
  adminFeedListSchema,
  adminFeedRequestSchema,
  adminFeedSchema,
  calendarChannelSchema,
  errorBodySchema,
  feedSyncResultSchema,
  homeNotFoundMessage,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { recordAudit } from '../../../services/console/audit.js';
import { checkFeedUrl } from '../../../services/channels/fetch.js';
import {
  createFeed,
  deleteFeed,
  feedNotFoundMessage,
  findVisibleFeed,
  listFeeds,
  rotateExportToken,
} from '../../../services/channels/feeds.js';
import { channelSyncDeps, syncFeed } from '../../../services/channels/sync.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const homeParams = z.object({ id: z.string().min(1).max(200) });
const feedParams = z.object({ feedId: z.string().min(1).max(100) });

const channelRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/properties/:id/calendar-feeds',
    {
      preHandler: staff,
      schema: {
        summary:
          "A home's imported calendar feeds with how their syncs went, and its export URLs (one per channel, made on first use)",
        tags: ['console: channels'],
        params: homeParams,
        response: { 200: adminFeedListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await listFeeds(app.db, consoleUserOf(request), request.params.id, app.env.PUBLIC_URL);
      if (outcome.status === 'not_found') return reply.code(404).send({ message: homeNotFoundMessage });
      return outcome.list;
    },
  );

  app.post(
    '/properties/:id/calendar-feeds',
    {
      preHandler: staff,
      schema: {
        summary:
          'Import a channel calendar into a home. 400 names why a URL is refused (https only unless ICAL_ALLOW_HOSTS lists the host, no private addresses); 409 if the home already imports it',
        tags: ['console: channels'],
        params: homeParams,
        body: adminFeedRequestSchema,
        response: { 201: adminFeedSchema, 400: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const check = checkFeedUrl(request.body.url, app.env);
      if (!check.ok) return reply.code(400).send({ message: check.reason });
      const outcome = await createFeed(app.db, consoleUserOf(request), request.params.id, request.body);
      switch (outcome.status) {
        case 'created':
          return reply.code(201).send(outcome.feed);
        case 'not_found':
          return reply.code(404).send({ message: homeNotFoundMessage });
        case 'conflict':
          return reply.code(409).send({ message: outcome.message });
      }
    },
  );

  app.delete(
    '/calendar-feeds/:feedId',
    {
      preHandler: staff,
      schema: {
        summary: 'Stop importing a feed: the nights it blocked are free at once',
        tags: ['console: channels'],
        params: feedParams,
        response: { 204: z.void(), ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await deleteFeed(app.db, consoleUserOf(request), request.params.feedId, app.clock.now(request), {
        publicUrl: app.env.PUBLIC_URL,
      });
      if (outcome.status === 'not_found') return reply.code(404).send({ message: feedNotFoundMessage });
      return reply.code(204).send();
    },
  );

  app.post(
    '/calendar-feeds/:feedId/sync',
    {
      preHandler: staff,
      schema: {
        summary:
          'Sync a feed now and tell what changed. A failure is a 200 with status "failed" and the reason: the blocks it last gave are kept',
        tags: ['console: channels'],
        params: feedParams,
        response: { 200: feedSyncResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const feed = await findVisibleFeed(app.db, user, request.params.feedId);
      const result = feed && (await syncFeed(channelSyncDeps(app), feed.id, app.clock.now(request)));
      if (!feed || !result) return reply.code(404).send({ message: feedNotFoundMessage });
      // The sync commits its own writes; the trace of who asked for it follows.
      await recordAudit(app.db, user, {
        action: 'calendar_feed.sync',
        entity: 'calendar_feed',
        entityId: feed.id,
        after: { propertyId: feed.propertyId, ...result },
      });
      return result;
    },
  );

  app.post(
    '/properties/:id/calendar-exports/:channel/rotate',
    {
      preHandler: staff,
      schema: {
        summary: "Replace a channel's export URL of a home: the old URL answers 404 from now on",
        tags: ['console: channels'],
        params: homeParams.extend({ channel: calendarChannelSchema }),
        response: { 200: adminCalendarExportRotatedSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await rotateExportToken(
        app.db,
        consoleUserOf(request),
        request.params.id,
        request.params.channel,
        app.env.PUBLIC_URL,
      );
      if (outcome.status === 'not_found') return reply.code(404).send({ message: homeNotFoundMessage });
      return outcome.export;
    },
  );

  return Promise.resolve();
};

export default channelRoutes;
