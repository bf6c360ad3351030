// Makes the database the routes and services use available as `app.db`.
// The caller owns the connection: server.ts opens it before the app and
// closes it after, tests share one per file, so this plugin never closes it.
import type { Database } from '@sas/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DbPluginOptions {
  db: Database;
}

export default fp<DbPluginOptions>(
  (app, { db }, done) => {
    app.decorate('db', db);
    done();
  },
  { name: 'db', fastify: '5.x' },
);
