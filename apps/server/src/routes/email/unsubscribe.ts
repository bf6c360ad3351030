// Unsubscribing from marketing e-mail (issue 28): the link of a marketing
// message, `/api/email/unsubscribe?token=`. POST unsubscribes at once: the
// RFC 8058 one-click request mail providers send (form-encoded
// `List-Unsubscribe=One-Click`), or the button of the page GET answers. GET
// itself changes nothing (link scanners open links), and shows that button.
// Anyone holding the link may call it: it is signed for one address.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unsubscribe, verifyUnsubscribeToken } from '../../services/messages/unsubscribe.js';

export const unsubscribeLinkMessage = 'This unsubscribe link is not valid';
const query = z.object({ token: z.string().min(1).max(1_000) });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} | Summit &amp; Shore</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

const unsubscribeRoutes: FastifyPluginAsyncZod = (app) => {
  // The one-click POST is form-encoded (RFC 8058); its body carries nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/unsubscribe',
    {
      schema: {
        summary: 'The page of the unsubscribe link: a button that unsubscribes (nothing changes on GET); link holder',
        tags: ['email'],
        querystring: query,
      },
    },
    async (request, reply) => {
      const email = verifyUnsubscribeToken(app.env.JWT_SECRET, request.query.token);
      if (!email) return reply.code(404).send({ message: unsubscribeLinkMessage });
      const action = `?token=${encodeURIComponent(request.query.token)}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribe',
            `<p>Stop marketing e-mail (offers) to ${escapeHtml(email)}? Booking messages still arrive.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        summary: "Unsubscribes the link's address from marketing e-mail at once (RFC 8058 one-click); link holder",
        tags: ['email'],
        querystring: query,
      },
    },
    async (request, reply) => {
      const email = verifyUnsubscribeToken(app.env.JWT_SECRET, request.query.token);
      if (!email) return reply.code(404).send({ message: unsubscribeLinkMessage });
      await unsubscribe(app.db, email, app.clock.now(request));
      return reply
        .type('text/html; charset=utf-8')
        .send(page('You are unsubscribed', `<p>${escapeHtml(email)} will get no more offers from us.</p>`));
    },
  );
  return Promise.resolve();
};

export default unsubscribeRoutes;
