// A local HTTP server that answers the few Stripe API endpoints the provider
// uses, the way Stripe documents them (form-encoded requests, JSON answers,
// idempotent replays, error objects), so the real SDK can be pointed at it
// (STRIPE_API_URL) and every request it sends can be checked.
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body, flattened as sent: { 'metadata[email]': '...' }. */
  form: Record<string, string>;
}

interface ContractIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  capture_method: string;
  amount_received: number;
}

/** A saved card whose off-session charges Stripe declines (its test payment method of that name). */
export const declinedPaymentMethod = 'pm_card_chargeDeclined';

export interface StripeContractServer {
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  intents: Map<string, ContractIntent>;
  /** What Stripe does when the guest's card is accepted in Stripe Elements. */
  succeed(id: string): ContractIntent;
  close(): Promise<void>;
}

function apiError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

export async function startStripeContractServer(secretKey = 'sk_test_contract'): Promise<StripeContractServer> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, ContractIntent>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let sequence = 0;

  function handle(request: RecordedRequest): { status: number; body: unknown } {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return apiError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const idempotencyKey = request.headers['idempotency-key'];
    const replayKey = typeof idempotencyKey === 'string' ? `${request.path} ${idempotencyKey}` : undefined;
    if (request.method === 'POST' && replayKey) {
      const replay = replays.get(replayKey);
      if (replay) return replay;
    }
    const answer = route(request);
    if (request.method === 'POST' && replayKey) replays.set(replayKey, answer);
    return answer;
  }

  function route({ method, path, form }: RecordedRequest): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return apiError(400, 'invalid_request_error', 'Amount must be at least 50 cents', 'amount_too_small');
      }
      sequence += 1;
      const id = `pi_contract_${sequence}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const manual = form.capture_method === 'manual';
      const intent: ContractIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: form.currency ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_contract${sequence}`,
        description: form.description ?? null,
        metadata,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        customer: form.customer ?? null,
        payment_method: form.payment_method ?? null,
        setup_future_usage: form.setup_future_usage ?? null,
        capture_method: manual ? 'manual' : 'automatic',
        amount_received: 0,
      };
      intents.set(id, intent);
      // Confirmed at once while the customer is away: the saved card pays, holds, or is declined.
      if (form.confirm === 'true' && form.off_session === 'true') {
        if (!intent.customer || !intent.payment_method) {
          return apiError(400, 'invalid_request_error', 'A saved payment method and its customer are required');
        }
        if (intent.payment_method === declinedPaymentMethod) {
          return {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
                payment_intent: intent,
              },
            },
          };
        }
        intent.status = manual ? 'requires_capture' : 'succeeded';
        intent.amount_received = manual ? 0 : amount;
      }
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(decodeURIComponent(retrieve[1]));
      return intent
        ? { status: 200, body: intent }
        : apiError(404, 'invalid_request_error', `No such payment_intent: '${retrieve[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/customers') {
      sequence += 1;
      return { status: 200, body: { id: `cus_contract_${sequence}`, object: 'customer', email: form.email ?? null } };
    }
    const capture = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && capture?.[1]) {
      const intent = intents.get(decodeURIComponent(capture[1]));
      if (!intent) return apiError(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      const amountToCapture = form.amount_to_capture === undefined ? intent.amount : Number(form.amount_to_capture);
      if (intent.status !== 'requires_capture') {
        return apiError(
          400,
          'invalid_request_error',
          `This PaymentIntent has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      if (!Number.isInteger(amountToCapture) || amountToCapture > intent.amount) {
        return apiError(400, 'invalid_request_error', 'amount_to_capture is more than the amount capturable');
      }
      intent.status = 'succeeded';
      intent.amount_received = amountToCapture;
      return { status: 200, body: intent };
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel?.[1]) {
      const intent = intents.get(decodeURIComponent(cancel[1]));
      if (!intent) return apiError(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      if (
        !['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(
          intent.status,
        )
      ) {
        return apiError(
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return apiError(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      if (intent.status !== 'succeeded') {
        return apiError(
          400,
          'invalid_request_error',
          'This PaymentIntent does not have a successful charge to refund.',
        );
      }
      sequence += 1;
      const amount = form.amount === undefined ? intent.amount : Number(form.amount);
      return {
        status: 200,
        body: {
          id: `re_contract_${sequence}`,
          object: 'refund',
          amount,
          currency: intent.currency,
          status: 'succeeded',
          payment_intent: intent.id,
        },
      };
    }
    return apiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form };
      requests.push(recorded);
      const { status, body } = handle(recorded);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('The contract server has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    secretKey,
    requests,
    intents,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No intent ${id}`);
      intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
      intent.amount_received = intent.status === 'succeeded' ? intent.amount : 0;
      // A card paid with setup_future_usage stays on the customer for later charges.
      if (intent.setup_future_usage && !intent.payment_method) intent.payment_method = `pm_contract_${intent.id}`;
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
