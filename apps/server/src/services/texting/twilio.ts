// Twilio's Programmable Messaging over its REST contract (issue 28): POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth with the
// account SID and auth token, a form-encoded body (To, From or
// MessagingServiceSid, Body), a JSON answer with the message's `sid`, or an
// error object { code, message, status }. Inbound webhooks are signed: the
// X-Twilio-Signature header is base64(HMAC-SHA1(auth token, the full URL
// followed by each POST parameter's name and value, sorted by name)).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TextSendError, type TextDelivery, type TextProvider } from './provider.js';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A phone number (E.164) or a messaging service SID (MG...). */
  from: string;
  /** Another API origin (a contract test server); Twilio's own by default. */
  apiUrl?: string | undefined;
  /** Per request; a hung API must not hold the messages worker. */
  timeoutMs?: number;
  /**
   * Where Twilio reports each text's later status (StatusCallback): our
   * /api/texting/status, when the site has a public https address.
   */
  statusCallbackUrl?: string | undefined;
}

/**
 * A Twilio message status as what became of the text: `delivered` (the
 * carrier confirmed it), `bounced` (undelivered or failed: it will not
 * arrive), `accepted` for the steps on the way (queued, sending, sent...).
 */
export function twilioDelivery(status: string): TextDelivery {
  if (status === 'delivered' || status === 'read') return 'delivered';
  if (status === 'undelivered' || status === 'failed' || status === 'canceled') return 'bounced';
  return 'accepted';
}

/** "Twilio: undelivered (error 30003)". */
export function twilioDetail(status: string, errorCode?: string | number | null): string {
  return `Twilio: ${status}${errorCode ? ` (error ${errorCode})` : ''}`;
}

const defaultApiUrl = 'https://api.twilio.com';

/** Twilio's signature of a webhook request (exported for tests that play Twilio). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + (params[key] ?? ''), url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function createTwilioProvider(options: TwilioOptions): TextProvider {
  const base = (options.apiUrl ?? defaultApiUrl).replace(/\/+$/, '');
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    description: `Twilio account ${options.accountSid.slice(0, 6)}…`,
    async send(text) {
      const form = new URLSearchParams({ To: text.to, Body: text.body });
      form.set(options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', options.from);
      if (options.statusCallbackUrl) form.set('StatusCallback', options.statusCallbackUrl);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new TextSendError(`Twilio could not be reached: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as {
        sid?: unknown;
        status?: unknown;
        error_code?: unknown;
        code?: unknown;
        message?: unknown;
      } | null;
      if (!response.ok || typeof body?.sid !== 'string') {
        const message = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
        throw new TextSendError(
          `Twilio refused the text: ${message}`,
          typeof body?.code === 'number' ? body.code : undefined,
        );
      }
      const status = typeof body.status === 'string' ? body.status : 'queued';
      const errorCode =
        typeof body.error_code === 'number' || typeof body.error_code === 'string' ? body.error_code : null;
      return { id: body.sid, delivery: twilioDelivery(status), detail: twilioDetail(status, errorCode) };
    },
    verifyInbound({ url, params, signature }) {
      if (!signature) return false;
      const expected = Buffer.from(twilioSignature(options.authToken, url, params));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
