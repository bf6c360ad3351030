// Exposes the parsed configuration as `app.env` for plugins and routes that
// need it (public URL, directories); src/env.ts stays the only reader of
// process.env.
import fp from 'fastify-plugin';
import type { Env } from '../env.js';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
  }
}

export interface EnvPluginOptions {
  env: Env;
}

export default fp<EnvPluginOptions>(
  (app, { env }, done) => {
    app.decorate('env', env);
    done();
  },
  { name: 'env', fastify: '5.x' },
);
