// The Stripe provider, through the official SDK. Chosen when the three Stripe
// keys are configured. Every create and refund carries an idempotency key, so
// a retried request (ours or the SDK's own network retries) never charges or
// refunds twice; the API version is pinned so a dashboard upgrade cannot
// change the shapes we read.
import { paymentIntentStatuses } from '@sas/db';
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type PaymentWebhookEvent,
  type ProviderIntent,
} from './provider.js';

/** The API version this code was written and tested against. Change it deliberately, with the SDK. */
export const stripeApiVersion = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API origin (stripe-mock, a contract test server); Stripe's own when unset. */
  apiUrl?: string | undefined;
}

/** The SDK's host/port/protocol settings for an origin such as http://127.0.0.1:12111. */
function connectionSettings(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const knownStatuses = new Set<string>(paymentIntentStatuses);

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  // A status added by Stripe after this code was written is treated as "not paid yet".
  const status = knownStatuses.has(intent.status) && intent.status !== 'refunded' ? intent.status : 'processing';
  return {
    id: intent.id,
    status: status as ProviderIntent['status'],
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
  };
}

function isMissingResource(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || err.code === 'resource_missing');
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: stripeApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Summit & Shore direct booking' },
    ...connectionSettings(options.apiUrl),
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent({ amount, currency, description, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        // Cards and wallets (Apple Pay, Google Pay) as enabled in the dashboard.
        { amount, currency, description, metadata, automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { ...toProviderIntent(intent), clientSecret: intent.client_secret };
    },

    async retrieveIntent(id) {
      try {
        return toProviderIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (isMissingResource(err)) return null;
        throw err;
      }
    },

    async cancelIntent(id) {
      try {
        return toProviderIntent(
          await stripe.paymentIntents.cancel(
            id,
            { cancellation_reason: 'abandoned' },
            { idempotencyKey: `cancel-${id}` },
          ),
        ).status;
      } catch (err) {
        if (isMissingResource(err)) return null;
        // Paid or processing meanwhile: Stripe refuses to cancel; say what it is now.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          return toProviderIntent(await stripe.paymentIntents.retrieve(id)).status;
        }
        throw err;
      }
    },

    async refund({ paymentIntentId, amount, reason, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount, metadata: { reason } },
        { idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? 'pending', amount: refund.amount };
    },

    constructWebhookEvent(rawBody, signature): PaymentWebhookEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(err.message);
        }
        throw err;
      }
      const object: unknown = event.data.object;
      const objectId =
        typeof object === 'object' && object !== null && 'id' in object && typeof object.id === 'string'
          ? object.id
          : null;
      return {
        id: event.id,
        type: event.type,
        paymentIntentId: event.type.startsWith('payment_intent.') ? objectId : null,
      };
    },
  };
}
