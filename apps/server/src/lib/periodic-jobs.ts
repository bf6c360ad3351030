// Every periodic job of the system, in one list: server.ts starts them all,
// and the test jobs endpoint (POST /api/test/jobs/run) runs them all once as
// if at a given time. A new worker is added here, and both follow. The
// outbox comes last, so the e-mails the others queued go in the same run.
import type { FastifyInstance } from 'fastify';
import type { PeriodicWorker } from './periodic-worker.js';

export function periodicJobs(app: FastifyInstance): PeriodicWorker[] {
  return [
    app.paymentFinalizer,
    app.paymentScheduler,
    app.conciergeDigest,
    app.channelSync.worker,
    app.taskAlerts,
    app.guestMessages,
    app.google.push,
    app.google.twin,
    app.mailer.outbox,
  ];
}
