// Makes the database the routes and services use available as `app.db`, and
// the short-lived cache of homes' details in front of it as `app.detailsCache`.
// The caller owns the connection: server.ts opens it before the app and
// closes it after, tests share one per file, so this plugin never closes it.
import type { Database } from '@sas/db';
import fp from 'fastify-plugin';
import { createDetailsCache, defaultDetailsTtlMs, type DetailsCache } from '../services/details-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    detailsCache: DetailsCache;
  }
}

export interface DbPluginOptions {
  db: Database;
  /** How long a home's details are served from memory; 0 reads the database every time. */
  detailsTtlMs?: number;
}

export default fp<DbPluginOptions>(
  (app, { db, detailsTtlMs = defaultDetailsTtlMs }, done) => {
    app.decorate('db', db);
    app.decorate('detailsCache', createDetailsCache(db, { ttlMs: detailsTtlMs }));
    done();
  },
  { name: 'db', fastify: '5.x' },
);
