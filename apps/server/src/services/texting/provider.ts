// Where guests' texts go (issue 28): one interface, a sandbox that writes
// each text to DATA_DIR/outbox (as the e-mail sandbox writes .eml files),
// and Twilio. The messages worker calls `send` after the row is marked sent
// in its own transaction: Twilio takes no idempotency key, so a text goes at
// most once (a crash between the two loses it, recorded as sent).
/** Where the provider reports what became of each text (Twilio's StatusCallback). */
export const textStatusPath = '/api/texting/status';

export interface OutgoingText {
  /** The guest message row's id, for the sandbox's file name and the logs. */
  id: string;
  kind: string;
  /** E.164. */
  to: string;
  body: string;
}

/** What became of a text as far as its provider knows (the same words as e-mail's). */
export type TextDelivery = 'accepted' | 'delivered' | 'bounced';

export interface SentText {
  /** The provider's id of the text (Twilio's SID). */
  id: string;
  delivery: TextDelivery;
  /** The provider's own status, e.g. "Twilio: queued". */
  detail: string;
}

/** A later word from the provider about a text it took (Twilio's status callback). */
export interface TextStatusReport {
  id: string;
  delivery: TextDelivery;
  detail: string;
}

export interface TextProvider {
  readonly name: 'sandbox' | 'twilio';
  /** For logs: "Twilio account AC…" or "files in /data/outbox". */
  readonly description: string;
  /** Hands the text over; throws TextSendError when refused. */
  send(text: OutgoingText): Promise<SentText>;
  /**
   * Whether an inbound webhook request is really from the provider: Twilio's
   * X-Twilio-Signature; the sandbox has no signature and trusts only loopback callers.
   */
  verifyInbound(request: { url: string; params: Record<string, string>; signature: string | undefined }): boolean;
}

export class TextSendError extends Error {
  constructor(
    message: string,
    /** Twilio's error code, e.g. 21610 (the number replied STOP). */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'TextSendError';
  }
}
