// Outgoing e-mail as `app.mailer`: the transport (SMTP, or .eml files under
// DATA_DIR/outbox without SMTP_URL) and the outbox worker that sends queued
// messages. The worker is created here but started by server.ts, so tests
// drain the outbox themselves, when they choose.
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Env } from '../env.js';
import { createPeriodicWorker, type PeriodicWorker } from '../lib/periodic-worker.js';
import { drainOutbox } from '../services/email/outbox.js';
import { createMailTransport, type MailTransport } from '../services/email/transport.js';

export interface Mailer {
  from: string;
  transport: MailTransport;
  /** Sends due messages every half minute, and at once when poked after a message was queued. */
  outbox: PeriodicWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;
}

/** Retries are minutes apart, so a half-minute tick is precise enough. */
const outboxIntervalMs = 30_000;

export default fp<MailerPluginOptions>(
  (app, { env }, done) => {
    const transport = createMailTransport({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: join(env.DATA_DIR, 'outbox'),
      now: () => app.clock.now(),
    });
    const outbox = createPeriodicWorker({
      name: 'email-outbox',
      intervalMs: outboxIntervalMs,
      run: () => drainOutbox(app.db, transport, { log: app.log }),
      log: app.log,
    });
    app.decorate('mailer', { from: env.MAIL_FROM, transport, outbox });
    app.addHook('onClose', async () => {
      await outbox.stop();
      transport.close();
    });
    done();
  },
  { name: 'mailer', fastify: '5.x', dependencies: ['db', 'clock'] },
);
