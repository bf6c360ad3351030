// buildApp() assembles the server in a fixed order (ADR 003): external
// plugins, app plugins, routes, static files, then the one error handler and
// not-found handler. It never listens, so tests drive it with app.inject().
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Database } from '@sas/db';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './env.js';
import { siteCspDirectives } from './security.js';
import { errorHandler, frameworkErrorHandler, notFoundMessage } from './lib/http-errors.js';
import { rejectNulCharacters } from './lib/reject-nul.js';
import authPlugin from './plugins/auth.js';
import channelSyncPlugin from './plugins/channel-sync.js';
import tasksPlugin from './plugins/tasks.js';
import googlePlugin from './plugins/google.js';
import clockPlugin from './plugins/clock.js';
import dbPlugin from './plugins/db.js';
import envPlugin from './plugins/env.js';
import legacyHostPlugin from './plugins/legacy-host.js';
import mailerPlugin from './plugins/mailer.js';
import messagesPlugin from './plugins/messages.js';
import textingPlugin from './plugins/texting.js';
import paymentsPlugin from './plugins/payments.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import webPlugin, { wantsAppShell } from './plugins/web.js';
import accountRoutes from './routes/account/index.js';
import adminRoutes from './routes/admin/index.js';
import authRoutes from './routes/auth/index.js';
import bookingRoutes from './routes/booking/index.js';
import emailRoutes from './routes/email/index.js';
import unsubscribeRoutes from './routes/email/unsubscribe.js';
import healthRoutes from './routes/health/index.js';
import oauth2Routes from './routes/oauth2/index.js';
import ownerInquiryRoutes from './routes/owner-inquiries/index.js';
import calendarRoutes from './routes/calendar/index.js';
import channelExportRoutes from './routes/channels/index.js';
import feedRoutes from './routes/feeds/index.js';
import propertyRoutes from './routes/properties/index.js';
import quoteRoutes from './routes/quote/index.js';
import reservationRoutes from './routes/reservation/index.js';
import reviewRoutes from './routes/reviews/index.js';
import myTaskRoutes from './routes/me/tasks.js';
import sandboxRoutes from './routes/sandbox/index.js';
import searchRoutes from './routes/search/index.js';
import seoRoutes from './routes/seo/index.js';
import stripeRoutes from './routes/stripe/index.js';
import tripRoutes from './routes/trips/index.js';
import testRoutes from './routes/test/index.js';
import textingRoutes from './routes/texting/index.js';
import { resolvePageMeta } from './services/page-meta.js';

export interface BuildAppOptions {
  env: Env;
  db: Database;
  /**
   * Told of every route as it is added, before any is: the resilience test
   * lists the whole API with it, including routes added later.
   */
  onRoute?: (route: RouteOptions) => void;
}

/** The API takes small JSON documents; anything bigger is a mistake or an attack. */
export const bodyLimit = 1024 * 1024;

export async function buildApp({ env, db, onRoute }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: env.LOG_LEVEL },
    bodyLimit,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);
  app.addHook('preValidation', rejectNulCharacters);

  // Registered without awaiting so that the error handler below is in place
  // before avvio creates the plugin contexts, which inherit it; app.after()
  // then loads them all in this order.
  // External plugins.
  void app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: siteCspDirectives(env) },
    // HSTS over plain http is ignored by browsers and would only pin a
    // developer's localhost to https; send it when the site is https.
    hsts: new URL(env.PUBLIC_URL).protocol === 'https:',
    // Social sign-in opens the provider in a popup that must keep its link to
    // the page that opened it; the popup's last page (/oauth-redirect) opts
    // out of the policy entirely (plugins/web.ts).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  void app.register(fastifyCompress, { global: true });
  // The OpenAPI document is generated from the routes' zod schemas (ADR 021):
  // /api/docs/json, browsable at /api/docs.
  void app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Summit & Shore API', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  void app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // App plugins.
  void app.register(envPlugin, { env });
  void app.register(clockPlugin, { env });
  void app.register(dbPlugin, { db });
  void app.register(mailerPlugin, { env });
  void app.register(paymentsPlugin, { env });
  void app.register(channelSyncPlugin);
  void app.register(tasksPlugin);
  void app.register(googlePlugin);
  void app.register(textingPlugin, { env });
  void app.register(messagesPlugin);
  void app.register(authPlugin, { env });
  void app.register(rateLimitPlugin, { env });
  void app.register(legacyHostPlugin, { legacyHosts: env.LEGACY_HOSTS, publicUrl: env.PUBLIC_URL });

  // Routes.
  void app.register(healthRoutes, { prefix: '/api/health' });
  void app.register(propertyRoutes, { prefix: '/api/properties' });
  void app.register(quoteRoutes, { prefix: '/api/properties' });
  // GET /api/properties/{id}/calendar and PUT /api/calendar/block-dates.
  void app.register(calendarRoutes, { prefix: '/api' });
  // GET /api/properties/{id}/calendar.ics?token=: the calendar channels poll (issue 15).
  void app.register(channelExportRoutes, { prefix: '/api' });
  void app.register(searchRoutes, { prefix: '/api/search' });
  // GET /feeds/google/listings.xml?token=: Google Vacation Rentals' listing feed (issue 27).
  void app.register(feedRoutes, { prefix: '/feeds' });
  // The money path (ADR 009): payment intents and the webhook, the sandbox
  // processor, confirmation, and the e-mail fallbacks of SPEC.md section 7.
  void app.register(stripeRoutes, { prefix: '/api/stripe' });
  void app.register(sandboxRoutes, { prefix: '/api/sandbox' });
  void app.register(reservationRoutes, { prefix: '/api/reservation' });
  void app.register(bookingRoutes, { prefix: '/api/booking' });
  void app.register(emailRoutes, { prefix: '/api/email' });
  // Marketing e-mail's unsubscribe link and RFC 8058 one-click (issue 28).
  void app.register(unsubscribeRoutes, { prefix: '/api/email' });
  void app.register(textingRoutes, { prefix: '/api/texting' });
  // A cleaner's own turnover tasks (issue 30).
  void app.register(myTaskRoutes, { prefix: '/api/me' });
  // Accounts (ADR 012): /api/auth/*, /api/check-session, /api/logout, social sign-in, the guest's bookings.
  void app.register(authRoutes, { prefix: '/api' });
  void app.register(oauth2Routes, { prefix: '/api/oauth2' });
  void app.register(accountRoutes, { prefix: '/api/account' });
  // The guest's trips (issue 16): lookup by code and e-mail, the booking's page, cancelling.
  void app.register(tripRoutes, { prefix: '/api/trips' });
  void app.register(ownerInquiryRoutes, { prefix: '/api/owner-inquiries' });
  // Verified reviews (issue 28): the review link's stay and writing the review.
  void app.register(reviewRoutes, { prefix: '/api/reviews' });
  // The operations console (issue 14): owners, staff and admins, each route saying which.
  void app.register(adminRoutes, { prefix: '/api/admin' });
  // Test-only (TEST_CLOCK, loopback): run every periodic job as if at a given time (issue 28).
  if (env.TEST_CLOCK) void app.register(testRoutes, { prefix: '/api/test' });
  const mediaDir = join(env.DATA_DIR, 'media');
  void app.register(seoRoutes, { publicUrl: env.PUBLIC_URL, mediaDir });

  // The SPA and the photos, after the API so /api never reaches a file lookup.
  void app.register(webPlugin, {
    webDist: env.WEB_DIST,
    mediaDir,
    production: env.NODE_ENV === 'production',
    siteConfig: { chatScriptUrl: env.CHAT_SCRIPT_URL, mapEmbedUrl: env.MAP_EMBED_URL },
    resolvePage: (request) => resolvePageMeta(app, request.url, env.PUBLIC_URL),
  });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/property/x, /collections, ...) get the SPA;
    // everything else, /api included, a JSON 404.
    if (wantsAppShell(request)) return app.sendAppShell(request, reply);
    return reply.code(404).send({ message: notFoundMessage });
  });

  // Loads every plugin now, so a broken one (e.g. a missing web build in
  // production) fails buildApp() rather than the first request.
  await app.after();
  return app;
}
