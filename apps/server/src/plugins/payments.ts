// The payment provider as `app.payments`: Stripe when its three keys are
// configured, else the sandbox (ADR 009). Also the finalizer, which books
// payments the browser never confirmed; created here, started by server.ts.
import fp from 'fastify-plugin';
import type { Env } from '../env.js';
import { bookingDeps } from '../lib/booking-deps.js';
import { createPeriodicWorker, type PeriodicWorker } from '../lib/periodic-worker.js';
import { finalizePaidIntents } from '../services/booking/index.js';
import { createPaymentProvider, type PaymentProvider } from '../services/payments/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    paymentFinalizer: PeriodicWorker;
  }
}

export interface PaymentsPluginOptions {
  env: Pick<Env, 'STRIPE'>;
}

const finalizerIntervalMs = 60_000;

export default fp<PaymentsPluginOptions>(
  (app, { env }, done) => {
    app.decorate('payments', createPaymentProvider(env, app.db));
    const finalizer = createPeriodicWorker({
      name: 'payment-finalizer',
      intervalMs: finalizerIntervalMs,
      run: () => finalizePaidIntents(bookingDeps(app)),
      log: app.log,
    });
    app.decorate('paymentFinalizer', finalizer);
    app.addHook('onClose', () => finalizer.stop());
    done();
  },
  { name: 'payments', fastify: '5.x', dependencies: ['db', 'env', 'mailer'] },
);
