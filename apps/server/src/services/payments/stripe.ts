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

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  // A status added by Stripe after this code was written is treated as "not paid yet".
  const status = knownStatuses.has(intent.status) && intent.status !== 'refunded' ? intent.status : 'processing';
  return {
    id: intent.id,
    status: status as ProviderIntent['status'],
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
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

    async createIntent({ amount, currency, description, metadata, idempotencyKey, saveCard, captureMethod }) {
      // A card kept for later charges belongs to a customer; one per intent, made under its own key.
      const customer = saveCard
        ? await stripe.customers.create(
            {
              ...(saveCard.email ? { email: saveCard.email } : {}),
              ...(saveCard.name ? { name: saveCard.name } : {}),
              metadata,
            },
            { idempotencyKey: `${idempotencyKey}-customer` },
          )
        : null;
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency,
          description,
          metadata,
          // Cards and wallets (Apple Pay, Google Pay) as enabled in the dashboard.
          automatic_payment_methods: { enabled: true },
          ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' as const } : {}),
          ...(captureMethod === 'manual' ? { capture_method: 'manual' as const } : {}),
        },
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

    async chargeSavedCard({ card, amount, currency, description, metadata, idempotencyKey, captureMethod }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency,
            description,
            metadata,
            customer: card.customerId,
            payment_method: card.paymentMethodId,
            off_session: true,
            confirm: true,
            ...(captureMethod === 'manual' ? { capture_method: 'manual' as const } : {}),
          },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded' || intent.status === 'requires_capture') {
          return { ok: true, intent: toProviderIntent(intent) };
        }
        // Off-session, anything else (e.g. requires_action for 3-D Secure) needs the guest.
        return {
          ok: false,
          intentId: intent.id,
          code: intent.status,
          message: 'Your bank asks you to confirm this payment.',
        };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          return {
            ok: false,
            intentId: idOf(err.payment_intent) ?? null,
            code: err.code ?? 'card_declined',
            message: err.message,
          };
        }
        throw err;
      }
    },

    async capture({ paymentIntentId, amount, idempotencyKey }) {
      return toProviderIntent(
        await stripe.paymentIntents.capture(paymentIntentId, { amount_to_capture: amount }, { idempotencyKey }),
      );
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
