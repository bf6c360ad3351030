// The payment provider as `app.payments`: Stripe when its three keys are
// configured, else the sandbox (ADR 009). Also the finalizer, which books
// payments the browser never confirmed; created here, started by server.ts.
import fp from 'fastify-plugin';
import type { Env } from '../env.js';
import { bookingDeps } from '../lib/booking-deps.js';
import { createPeriodicWorker, type PeriodicWorker } from '../lib/periodic-worker.js';
import { finalizePaidIntents } from '../services/booking/index.js';
import { sendConciergeDigest } from '../services/console/concierge.js';
import { createPaymentProvider, type PaymentProvider } from '../services/payments/index.js';
import { runPaymentScheduler } from '../services/schedule/index.js';
import { finalizeServicePayments } from '../services/payment-events.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    paymentFinalizer: PeriodicWorker;
    /** E-mails the next day's concierge schedule to the company each evening (once, whichever process). */
    conciergeDigest: PeriodicWorker;
    /** Charges due installments and walks security deposits (issue 17); safe in every process. */
    paymentScheduler: PeriodicWorker;
  }
}

export interface PaymentsPluginOptions {
  env: Pick<Env, 'STRIPE'>;
}

const finalizerIntervalMs = 60_000;
/** The digest goes out at the first look after 17:00 at the office. */
const digestIntervalMs = 5 * 60_000;
/** Installments are due by the day and holds renewed by the day: a look every few minutes is plenty. */
const schedulerIntervalMs = 5 * 60_000;

export default fp<PaymentsPluginOptions>(
  (app, { env }, done) => {
    app.decorate('payments', createPaymentProvider(env, app.db));
    const finalizer = createPeriodicWorker({
      name: 'payment-finalizer',
      intervalMs: finalizerIntervalMs,
      run: async (now) => {
        await finalizePaidIntents(bookingDeps(app), now);
        // Services, installments and deposits paid on a booking's page (issue 29): nothing the processor took goes unrecorded.
        await finalizeServicePayments(bookingDeps(app), now);
      },
      now: () => app.clock.now(),
      log: app.log,
    });
    app.decorate('paymentFinalizer', finalizer);
    app.addHook('onClose', () => finalizer.stop());
    const digest = createPeriodicWorker({
      name: 'concierge-digest',
      intervalMs: digestIntervalMs,
      run: async (now) => {
        if (await sendConciergeDigest(app.db, bookingDeps(app).companyInbox, now)) app.mailer.outbox.poke();
      },
      now: () => app.clock.now(),
      log: app.log,
    });
    app.decorate('conciergeDigest', digest);
    app.addHook('onClose', () => digest.stop());
    const scheduler = createPeriodicWorker({
      name: 'payment-scheduler',
      intervalMs: schedulerIntervalMs,
      run: (now) => runPaymentScheduler(bookingDeps(app), now),
      now: () => app.clock.now(),
      log: app.log,
    });
    app.decorate('paymentScheduler', scheduler);
    app.addHook('onClose', () => scheduler.stop());
    done();
  },
  { name: 'payments', fastify: '5.x', dependencies: ['db', 'env', 'mailer', 'clock'] },
);
