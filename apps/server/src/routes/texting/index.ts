// Texts guests send back (issue 28): POST /api/texting/inbound is Twilio's
// incoming-message webhook (form-encoded From, To, Body, MessageSid...). A
// STOP opts the number out at once (no later text goes; the worker records
// them skipped with why), START opts it back in; anything else is ignored.
// Who may call it: Twilio, proved by X-Twilio-Signature when Twilio is
// configured (403 otherwise); with the sandbox provider, which has no
// signature, only callers on the loopback interface (404 to anyone else).
// POST /api/texting/status is Twilio's status callback for the texts we send
// (MessageSid, MessageStatus, ErrorCode), under the same rule: it records
// what became of the text (delivered, or bounced with Twilio's error code).
import { normalizePhoneNumber, readTextReply } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  optInToTexts,
  optOutOfTexts,
  recordTextStatus,
  twilioDelivery,
  twilioDetail,
} from '../../services/texting/index.js';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const inboundPath = '/api/texting/inbound';
export const badSignatureMessage = 'The request is not signed by the texting provider';
const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const textingRoutes: FastifyPluginAsyncZod = (app) => {
  /**
   * The webhook's form parameters when the request is the provider's (its
   * signature; in the sandbox, a loopback caller); otherwise answers 404 or
   * 403 and gives null.
   */
  async function verifiedParams(request: FastifyRequest, reply: FastifyReply): Promise<Record<string, string> | null> {
    if (app.texting.name === 'sandbox' && !loopback.has(request.ip)) {
      await reply.code(404).send({ message: 'Not found' });
      return null;
    }
    const body = request.body;
    const params: Record<string, string> =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? Object.fromEntries(
            Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
          )
        : {};
    const signature = request.headers['x-twilio-signature'];
    const verified = app.texting.verifyInbound({
      url: `${app.env.PUBLIC_URL}${request.url}`,
      params,
      signature: typeof signature === 'string' ? signature : undefined,
    });
    if (!verified) {
      await reply.code(403).send({ message: badSignatureMessage });
      return null;
    }
    return params;
  }

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) params[key] = value;
      done(null, params);
    },
  );

  app.post(
    '/inbound',
    {
      schema: {
        summary:
          "Twilio's incoming-text webhook: STOP opts the number out of texts at once, START back in; Twilio only",
        tags: ['texting'],
      },
    },
    async (request, reply) => {
      const params = await verifiedParams(request, reply);
      if (!params) return reply;
      const from = normalizePhoneNumber(params.From ?? '');
      if (!from) return reply.code(400).send({ message: 'From must be a phone number' });
      const answer = readTextReply(params.Body ?? '');
      const now = app.clock.now(request);
      if (answer === 'stop') {
        await optOutOfTexts(app.db, from, now);
        request.log.info({ texting: 'opt-out' }, 'A guest replied STOP: no more texts to that number');
      } else if (answer === 'start') {
        await optInToTexts(app.db, from);
      }
      // Twilio answers the STOP itself (its opt-out handling); we reply with nothing.
      return reply.type('text/xml').send(emptyTwiml);
    },
  );
  app.post(
    '/status',
    {
      schema: {
        summary:
          "Twilio's status callback for a text we sent: records whether it was delivered or bounced; Twilio only",
        tags: ['texting'],
      },
    },
    async (request, reply) => {
      const params = await verifiedParams(request, reply);
      if (!params) return reply;
      const id = params.MessageSid ?? params.SmsSid ?? '';
      const status = params.MessageStatus ?? params.SmsStatus ?? '';
      if (!/^[A-Za-z0-9]{2,64}$/.test(id)) return reply.code(400).send({ message: 'MessageSid is required' });
      if (!/^[a-z_]{2,30}$/.test(status)) return reply.code(400).send({ message: 'MessageStatus is required' });
      const known = await recordTextStatus(
        app.db,
        { id, delivery: twilioDelivery(status), detail: twilioDetail(status, params.ErrorCode) },
        app.clock.now(request),
      );
      // Twilio retries on errors only; a text we do not know (another site on the account) is not one.
      if (!known) request.log.info({ texting: 'status' }, 'A status callback for a text we do not know');
      return reply.code(204).send();
    },
  );
  return Promise.resolve();
};

export default textingRoutes;
