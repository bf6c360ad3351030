// The 15:00 alert of the next day's unassigned turnover tasks (issue 30) as
// `app.taskAlerts`: a periodic worker, created here and started by server.ts.
// Once per time zone and day, whichever process sends it (the outbox's key).
import fp from 'fastify-plugin';
import { createPeriodicWorker, type PeriodicWorker } from '../lib/periodic-worker.js';
import { alertUnassignedTasks } from '../services/tasks/notices.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mails staff the next day's unassigned tasks from 15:00 home time. */
    taskAlerts: PeriodicWorker;
  }
}

const alertIntervalMs = 5 * 60_000;

export default fp(
  (app, _options, done) => {
    const worker = createPeriodicWorker({
      name: 'task-alerts',
      intervalMs: alertIntervalMs,
      run: async (now) => {
        const queued = await alertUnassignedTasks(
          app.db,
          app.env.COMPANY_INBOX_EMAIL,
          { publicUrl: app.env.PUBLIC_URL },
          now,
        );
        if (queued > 0) app.mailer.outbox.poke();
      },
      log: app.log,
      now: () => app.clock.now(),
    });
    app.decorate('taskAlerts', worker);
    app.addHook('onClose', () => worker.stop());
    done();
  },
  { name: 'tasks', fastify: '5.x', dependencies: ['db', 'env', 'mailer', 'clock'] },
);
