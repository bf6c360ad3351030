// /api/admin/google (issue 27, ADR 044): the Google Vacation Rentals page of
// the console. Staff and admins only: the feed's token is a credential, and
// owners see their calendars and statements, not the company's channels.
import { adminGoogleSchema, adminGoogleTokenSchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { recordAudit } from '../../../services/console/audit.js';
import { googleOverview } from '../../../services/google/overview.js';
import { listingsFeedUrl, rotateFeedToken } from '../../../services/google/settings.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema };
const tags = ['console: google'];

const googleRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/google',
    {
      preHandler: staff,
      schema: {
        summary:
          "The listing feed's URL, each home's eligibility, push queue, last push and failures, and the price-accuracy twin's last run; staff, admin",
        tags,
        response: { 200: adminGoogleSchema, ...errors },
      },
    },
    async () =>
      googleOverview(app.db, { publicUrl: app.env.PUBLIC_URL, pushing: app.env.GOOGLE_ARI_URL !== undefined }),
  );

  app.post(
    '/google/token',
    {
      preHandler: staff,
      schema: {
        summary:
          "Rotates the listing feed's token: the old URL answers 404 at once (update it at Google); staff, admin",
        tags,
        response: { 200: adminGoogleTokenSchema, ...errors },
      },
    },
    async (request) => {
      const token = await rotateFeedToken(app.db, (tx, entry) => recordAudit(tx, consoleUserOf(request), entry));
      return { listingsFeedUrl: listingsFeedUrl(app.env.PUBLIC_URL, token) };
    },
  );

  return Promise.resolve();
};

export default googleRoutes;
