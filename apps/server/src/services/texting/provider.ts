// Where guests' texts go (issue 28): one interface, a sandbox that writes
// each text to DATA_DIR/outbox (as the e-mail sandbox writes .eml files),
// and Twilio. The messages worker calls `send` after the row is marked sent
// in its own transaction: Twilio takes no idempotency key, so a text goes at
// most once (a crash between the two loses it, recorded as sent).
export interface OutgoingText {
  /** The guest message row's id, for the sandbox's file name and the logs. */
  id: string;
  kind: string;
  /** E.164. */
  to: string;
  body: string;
}

export interface TextProvider {
  readonly name: 'sandbox' | 'twilio';
  /** For logs: "Twilio account AC…" or "files in /data/outbox". */
  readonly description: string;
  /** The provider's id of the text (Twilio's SID). Throws TextSendError when refused. */
  send(text: OutgoingText): Promise<{ id: string }>;
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
