// Texts to guests (issue 28) as `app.texting`: Twilio when TWILIO_* are set,
// otherwise the sandbox, which writes each text to DATA_DIR/outbox.
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Env } from '../env.js';
import {
  createSandboxTextProvider,
  createTwilioProvider,
  textStatusPath,
  type TextProvider,
} from '../services/texting/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    texting: TextProvider;
  }
}

export interface TextingPluginOptions {
  env: Pick<Env, 'TWILIO' | 'DATA_DIR' | 'PUBLIC_URL'>;
}

export default fp<TextingPluginOptions>(
  (app, { env }, done) => {
    const provider = env.TWILIO
      ? createTwilioProvider({ ...env.TWILIO, statusCallbackUrl: `${env.PUBLIC_URL}${textStatusPath}` })
      : createSandboxTextProvider({ outboxDir: join(env.DATA_DIR, 'outbox'), now: () => app.clock.now() });
    app.decorate('texting', provider);
    done();
  },
  { name: 'texting', fastify: '5.x', dependencies: ['clock'] },
);
