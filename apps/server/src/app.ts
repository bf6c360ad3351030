// buildApp() assembles the server in a fixed order (ADR 003): external
// plugins, app plugins, routes, static files, then the one error handler and
// not-found handler. It never listens, so tests drive it with app.inject().
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import type { Database } from '@sas/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './env.js';
import { cspDirectives } from './security.js';
import { errorHandler, frameworkErrorHandler, notFoundMessage } from './lib/http-errors.js';
import dbPlugin from './plugins/db.js';
import envPlugin from './plugins/env.js';
import legacyHostPlugin from './plugins/legacy-host.js';
import mailerPlugin from './plugins/mailer.js';
import paymentsPlugin from './plugins/payments.js';
import webPlugin, { wantsAppShell } from './plugins/web.js';
import bookingRoutes from './routes/booking/index.js';
import emailRoutes from './routes/email/index.js';
import healthRoutes from './routes/health/index.js';
import calendarRoutes from './routes/calendar/index.js';
import propertyRoutes from './routes/properties/index.js';
import quoteRoutes from './routes/quote/index.js';
import reservationRoutes from './routes/reservation/index.js';
import sandboxRoutes from './routes/sandbox/index.js';
import searchRoutes from './routes/search/index.js';
import seoRoutes from './routes/seo/index.js';
import stripeRoutes from './routes/stripe/index.js';
import { resolvePageMeta } from './services/page-meta.js';

export interface BuildAppOptions {
  env: Env;
  db: Database;
}

/** The API takes small JSON documents; anything bigger is a mistake or an attack. */
export const bodyLimit = 1024 * 1024;

export async function buildApp({ env, db }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: env.LOG_LEVEL },
    bodyLimit,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Registered without awaiting so that the error handler below is in place
  // before avvio creates the plugin contexts, which inherit it; app.after()
  // then loads them all in this order.
  // External plugins.
  void app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    // HSTS over plain http is ignored by browsers and would only pin a
    // developer's localhost to https; send it when the site is https.
    hsts: new URL(env.PUBLIC_URL).protocol === 'https:',
  });
  void app.register(fastifyCompress, { global: true });

  // App plugins.
  void app.register(envPlugin, { env });
  void app.register(dbPlugin, { db });
  void app.register(mailerPlugin, { env });
  void app.register(paymentsPlugin, { env });
  void app.register(legacyHostPlugin, { legacyHosts: env.LEGACY_HOSTS, publicUrl: env.PUBLIC_URL });

  // Routes.
  void app.register(healthRoutes, { prefix: '/api/health' });
  void app.register(propertyRoutes, { prefix: '/api/properties' });
  void app.register(quoteRoutes, { prefix: '/api/properties' });
  // GET /api/properties/{id}/calendar and PUT /api/calendar/block-dates.
  void app.register(calendarRoutes, { prefix: '/api' });
  void app.register(searchRoutes, { prefix: '/api/search' });
  // The money path (ADR 009): payment intents and the webhook, the sandbox
  // processor, confirmation, and the e-mail fallbacks of SPEC.md section 7.
  void app.register(stripeRoutes, { prefix: '/api/stripe' });
  void app.register(sandboxRoutes, { prefix: '/api/sandbox' });
  void app.register(reservationRoutes, { prefix: '/api/reservation' });
  void app.register(bookingRoutes, { prefix: '/api/booking' });
  void app.register(emailRoutes, { prefix: '/api/email' });
  const mediaDir = join(env.DATA_DIR, 'media');
  void app.register(seoRoutes, { publicUrl: env.PUBLIC_URL, mediaDir });

  // The SPA and the photos, after the API so /api never reaches a file lookup.
  void app.register(webPlugin, {
    webDist: env.WEB_DIST,
    mediaDir,
    production: env.NODE_ENV === 'production',
    resolvePage: (request) => resolvePageMeta(db, request.url, env.PUBLIC_URL),
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
