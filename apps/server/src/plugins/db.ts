// Makes the database the routes and services use available as `app.db`, with
// the in-memory caches in front of it (ADR 014, ADR 018): `app.detailsCache`
// (a home's details), `app.catalogCache` (listing cards and collections) and
// `app.rateTables` (every home's rates) and `app.takenHomes` (the search's
// homes with a taken night, by dates), all told of changes by
// `app.cacheBus`, which listens to the database on a connection of its own.
// The caller owns the database connection: server.ts opens it before the app
// and closes it after, tests share one per file, so this plugin never closes
// it; it closes only the bus's listener, with the app.
import type { Database } from '@sas/db';
import fp from 'fastify-plugin';
import { createCacheBus, type CacheBus } from '../services/cache-bus.js';
import { createCatalogCache, type CatalogCache } from '../services/catalog-cache.js';
import { createDetailsCache, defaultDetailsTtlMs, type DetailsCache } from '../services/details-cache.js';
import { createRateTables, type RateTables } from '../services/rate-tables.js';
import { createTakenHomesCache, type TakenHomesCache } from '../services/taken-homes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    cacheBus: CacheBus;
    detailsCache: DetailsCache;
    catalogCache: CatalogCache;
    rateTables: RateTables;
    takenHomes: TakenHomesCache;
  }
}

export interface DbPluginOptions {
  db: Database;
  /** How long a home's details are served from memory; 0 reads the database every time. */
  detailsTtlMs?: number;
}

/** Start-up waits this long at most for the first LISTEN; until it succeeds every cache reads through. */
const listenWaitMs = 5_000;

export default fp<DbPluginOptions>(
  async (app, { db, detailsTtlMs = defaultDetailsTtlMs }) => {
    const bus = createCacheBus(db, { log: app.log });
    app.decorate('db', db);
    app.decorate('cacheBus', bus);
    app.decorate('detailsCache', createDetailsCache(db, { ttlMs: detailsTtlMs, bus }));
    app.decorate('catalogCache', createCatalogCache(db, { bus }));
    app.decorate('rateTables', createRateTables(db, { bus }));
    app.decorate('takenHomes', createTakenHomesCache(bus));
    app.addHook('onClose', () => bus.close());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([bus.ready, new Promise((resolve) => (timer = setTimeout(resolve, listenWaitMs)))]);
    clearTimeout(timer);
  },
  { name: 'db', fastify: '5.x' },
);
