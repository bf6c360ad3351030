// The guest message templates and a booking's messages in the console
// (issue 28): GET/PUT /api/admin/message-templates/{name}, the list, a live
// preview against a real booking and a test send to the staff member asking;
// GET /api/admin/reservations/{code}/messages, the booking's history and
// forecast. Staff and admins only: owners see their reservations, not the
// company's guest correspondence. Every change is audited in its transaction.
import { bookings } from '@sas/db';
import {
  bookingMessageListSchema,
  errorBodySchema,
  messageTemplateNames,
  messageTemplateSchema,
  messageTemplateUpdateSchema,
  unknownMessageVariables,
  type MessageTemplateName,
} from '@sas/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { recordAudit } from '../../../services/console/audit.js';
import { enqueueEmail } from '../../../services/email/outbox.js';
import {
  listBookingMessages,
  loadMessageTemplate,
  loadMessageTemplates,
  messageVariablesFor,
  renderGuestMessage,
  saveMessageTemplate,
} from '../../../services/messages/index.js';
import { randomString } from '../../../lib/tokens.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['console: guest messages'];
export const templateNotFoundMessage = 'No message template by that name';
export const bookingNotFoundMessage = 'No booking with that code';

const nameParams = z.object({ name: z.string().min(1).max(100) });
const previewBodySchema = z
  .object({
    bookingCode: z.string().trim().min(1, { error: 'bookingCode is required' }).max(40),
    /** The editor's unsaved wording; the saved one when left out. */
    subject: z.string().max(200).optional(),
    body: z.string().max(5_000).optional(),
  })
  .strict();
const previewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

function templateName(name: string): MessageTemplateName | null {
  return (messageTemplateNames as readonly string[]).includes(name) ? (name as MessageTemplateName) : null;
}

const messageTemplateRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');
  const links = () => ({ jwtSecret: app.env.JWT_SECRET, publicUrl: app.env.PUBLIC_URL });

  app.get(
    '/message-templates',
    {
      preHandler: staff,
      schema: {
        summary: 'Every guest message template as it stands (the default or the console version); staff, admin',
        tags,
        response: { 200: z.array(messageTemplateSchema), ...errors },
      },
    },
    async () => {
      const list = await loadMessageTemplates(app.db);
      return Promise.all(list.map((template) => loadMessageTemplate(app.db, template.name)));
    },
  );

  app.get(
    '/message-templates/:name',
    {
      preHandler: staff,
      schema: {
        summary: 'One guest message template: subject, body, on/off, offset and time; staff, admin',
        tags,
        params: nameParams,
        response: { 200: messageTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const name = templateName(request.params.name);
      if (!name) return reply.code(404).send({ message: templateNotFoundMessage });
      return loadMessageTemplate(app.db, name);
    },
  );

  app.put(
    '/message-templates/:name',
    {
      preHandler: staff,
      schema: {
        summary:
          'Change a template: subject and body (with {{variables}}), enabled, offsetDays and time (home time); staff, admin',
        tags,
        params: nameParams,
        body: messageTemplateUpdateSchema,
        response: { 200: messageTemplateSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const name = templateName(request.params.name);
      if (!name) return reply.code(404).send({ message: templateNotFoundMessage });
      const unknown = unknownMessageVariables(`${request.body.subject ?? ''} ${request.body.body ?? ''}`);
      if (unknown.length > 0) {
        return reply.code(400).send({ message: `Unknown variables: ${unknown.map((v) => `{{${v}}}`).join(', ')}` });
      }
      const user = consoleUserOf(request);
      const now = app.clock.now(request);
      return app.db.transaction(async (tx) => {
        const before = await loadMessageTemplate(tx, name);
        const after = await saveMessageTemplate(tx, name, request.body, user.id, now);
        await recordAudit(tx, user, {
          action: 'message_template.update',
          entity: 'message_template',
          entityId: name,
          before,
          after,
        });
        // The schedules follow on the worker's next run; poke it.
        app.guestMessages.poke();
        return after;
      });
    },
  );

  async function preview(name: MessageTemplateName, body: z.infer<typeof previewBodySchema>) {
    const [booking] = await app.db.select().from(bookings).where(eq(bookings.code, body.bookingCode.toUpperCase()));
    if (!booking) return null;
    const saved = (await loadMessageTemplates(app.db)).find((t) => t.name === name);
    if (!saved) return null;
    const template = { subject: body.subject ?? saved.subject, body: body.body ?? saved.body };
    const values = await messageVariablesFor(
      app.db,
      booking,
      links(),
      name,
      name === 'returning_guest' ? 'WELCOME-PREVIEW' : undefined,
    );
    return renderGuestMessage(template, values);
  }

  app.post(
    '/message-templates/:name/preview',
    {
      preHandler: staff,
      schema: {
        summary: "The template filled in for a real booking (the editor's unsaved words if given); staff, admin",
        tags,
        params: nameParams,
        body: previewBodySchema,
        response: { 200: previewSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const name = templateName(request.params.name);
      if (!name) return reply.code(404).send({ message: templateNotFoundMessage });
      const rendered = await preview(name, request.body);
      if (!rendered) return reply.code(404).send({ message: bookingNotFoundMessage });
      return rendered;
    },
  );

  app.post(
    '/message-templates/:name/test-send',
    {
      preHandler: staff,
      schema: {
        summary: 'E-mails the preview to the staff member asking (never to the guest); staff, admin',
        tags,
        params: nameParams,
        body: previewBodySchema,
        response: { 202: z.object({ to: z.string() }), 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const name = templateName(request.params.name);
      if (!name) return reply.code(404).send({ message: templateNotFoundMessage });
      const rendered = await preview(name, request.body);
      if (!rendered) return reply.code(404).send({ message: bookingNotFoundMessage });
      const user = consoleUserOf(request);
      await enqueueEmail(app.db, {
        kind: 'guest_message_test',
        to: user.email,
        ...rendered,
        subject: `[Test] ${rendered.subject}`,
        dedupeKey: `guest-message-test:${randomString(16)}`,
      });
      app.mailer.outbox.poke();
      return reply.code(202).send({ to: user.email });
    },
  );

  app.get(
    '/reservations/:code/messages',
    {
      preHandler: staff,
      schema: {
        summary:
          "A booking's guest messages: what went (sent, failed, skipped, cancelled, with why) and what will go and when; staff, admin",
        tags,
        params: z.object({ code: z.string().min(1).max(40) }),
        response: { 200: bookingMessageListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const list = await listBookingMessages(app.db, request.params.code.toUpperCase(), app.clock.now(request));
      if (!list) return reply.code(404).send({ message: bookingNotFoundMessage });
      return list;
    },
  );

  return Promise.resolve();
};

export default messageTemplateRoutes;
