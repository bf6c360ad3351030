// The one interface both payment providers implement (ADR 009): the booking
// service creates, reads and refunds payment intents through it and never
// knows which processor is behind it.
import type { PaymentIntentStatus, PaymentProviderName } from '@sas/db';
import { DomainError, type RefundReason } from '@sas/domain';

/** A payment intent as the processor sees it. Amounts in cents. */
export interface ProviderIntent {
  id: string;
  /** The processor's status (never our own `refunded`). */
  status: Exclude<PaymentIntentStatus, 'refunded'>;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The saved card, once paid, when the intent was created with `saveCard` (for later charges). */
  customerId?: string | null;
  paymentMethodId?: string | null;
}

/** A card kept for charges made while the guest is away (installments, deposit holds). */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
}

export interface OffSessionChargeInput {
  card: SavedCard;
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** Derived from our row: asked again after a crash, the processor answers the same charge. */
  idempotencyKey: string;
  /** `manual`: an authorization hold (the deposit), captured or released later. */
  captureMethod?: 'automatic' | 'manual';
}

export type OffSessionChargeResult =
  /** Charged (`succeeded`) or held (`requires_capture`). */
  | { ok: true; intent: ProviderIntent }
  /** Declined: `intentId` when the processor made an intent for the attempt. */
  | { ok: false; intentId: string | null; code: string; message: string };

export interface CaptureInput {
  paymentIntentId: string;
  amount: number;
  idempotencyKey: string;
}

export interface CreateIntentInput {
  amount: number;
  currency: string;
  description: string;
  /** Shown in the processor's dashboard and carried by its webhooks (string values only). */
  metadata: Record<string, string>;
  /** The same key twice creates one intent, so a retried request cannot charge twice. */
  idempotencyKey: string;
  /** Keep the card for later off-session charges (Stripe: a customer and `setup_future_usage`). */
  saveCard?: { email: string | null; name: string | null } | undefined;
  /** `manual` for an authorization hold the guest authorises on the page (the deposit). */
  captureMethod?: 'automatic' | 'manual' | undefined;
}

export interface CreatedIntent extends ProviderIntent {
  /** Handed to the browser, which confirms the payment with it. */
  clientSecret: string;
}

export interface RefundInput {
  paymentIntentId: string;
  amount: number;
  /** Why, for the processor's records: the one vocabulary of refunds. */
  reason: RefundReason;
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  status: string;
  amount: number;
}

/** The part of a processor's webhook event the booking path uses. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** The payment intent a payment_intent.* event is about; null for other events. */
  paymentIntentId: string | null;
}

/** A webhook whose signature does not verify: refused, never acted upon. */
export class WebhookSignatureError extends DomainError {
  override readonly name = 'WebhookSignatureError';

  constructor(message: string) {
    super('invalid', message);
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser needs to load the processor's card form ('pk_sandbox' for the sandbox). */
  readonly publishableKey: string;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** Null when the processor has no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  /**
   * Cancels an intent nobody should pay any more (a newer attempt of the same
   * reservation replaced it). Answers the processor's status afterwards: an
   * intent paid meanwhile stays `succeeded` and is settled by confirmation.
   */
  cancelIntent(id: string): Promise<ProviderIntent['status'] | null>;
  /** Charges (or holds) a saved card while the guest is away; a decline is an answer, not an error. */
  chargeSavedCard(input: OffSessionChargeInput): Promise<OffSessionChargeResult>;
  /** Captures part or all of an authorization hold; the rest is released. */
  capture(input: CaptureInput): Promise<ProviderIntent>;
  /** Verifies and parses a webhook request; absent when the provider sends none. */
  constructWebhookEvent?(rawBody: Buffer, signature: string): PaymentWebhookEvent;
}
