// Guest messages on a timeline (issue 28) as `app.guestMessages`: the worker
// that keeps each booking's schedule in step and sends what is due, in the
// home's daytime, once. Created here, started by server.ts (tests run it
// themselves, or through POST /api/test/jobs/run).
import fp from 'fastify-plugin';
import { createPeriodicWorker, type PeriodicWorker } from '../lib/periodic-worker.js';
import { runGuestMessages } from '../services/messages/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    guestMessages: PeriodicWorker;
  }
}

/** Messages are due at whole hours home time; a look every five minutes is precise enough. */
const intervalMs = 5 * 60_000;

export default fp(
  (app, _options, done) => {
    const worker = createPeriodicWorker({
      name: 'guest-messages',
      intervalMs,
      run: (now) =>
        runGuestMessages(
          {
            db: app.db,
            jwtSecret: app.env.JWT_SECRET,
            publicUrl: app.env.PUBLIC_URL,
            texting: app.texting,
            log: app.log,
            onEmailQueued: () => app.mailer.outbox.poke(),
          },
          now,
        ),
      now: () => app.clock.now(),
      log: app.log,
    });
    app.decorate('guestMessages', worker);
    app.addHook('onClose', () => worker.stop());
    done();
  },
  { name: 'guest-messages', fastify: '5.x', dependencies: ['db', 'env', 'mailer', 'texting', 'clock'] },
);
