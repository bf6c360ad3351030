// Which payment provider the app uses: Stripe when its keys are configured
// (env.STRIPE), else the sandbox.
import type { Database } from '@sas/db';
import type { Env } from '../../env.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox.js';
import { createStripeProvider } from './stripe.js';

export type * from './provider.js';
export { WebhookSignatureError } from './provider.js';

export function createPaymentProvider(env: Pick<Env, 'STRIPE'>, db: Database): PaymentProvider {
  return env.STRIPE ? createStripeProvider(env.STRIPE) : createSandboxProvider(db);
}
