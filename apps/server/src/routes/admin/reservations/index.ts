// /api/admin/reservations (issue 14 section 5). Owners, staff and admins list
// and read reservations (an owner: their homes, the guest's first name and
// last initial, no contact details); staff and admins add notes, resend the
// confirmation, cancel and capture part of a held security deposit. Cancelling
// is the one cancellation service the guest's trip page uses too
// (services/booking/cancel.ts); capturing is services/schedule's (issue 17),
// and the deposit's photos are deposit-photos.ts's, in a plugin of their own.
import {
  adminCancelPreviewSchema,
  adminCancelRequestSchema,
  adminCancelResultSchema,
  adminReservationDetailSchema,
  adminReservationListSchema,
  adminReservationNoteRequestSchema,
  adminReservationNoteSchema,
  adminReservationQuerySchema,
  adminResendConfirmationSchema,
  centsToDollars,
  depositCaptureBodySchema,
  depositCaptureResponseSchema,
  errorBodySchema,
  toCents,
  homeNotFoundMessage,
} from '@sas/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingDeps } from '../../../lib/booking-deps.js';
import { cancelBooking, type RefundRequest } from '../../../services/booking/index.js';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { captureDeposit } from '../../../services/schedule/index.js';
import { recordAudit } from '../../../services/console/audit.js';
import { noDepositMessage } from '../../../services/console/deposit-photos.js';
import {
  addReservationNote,
  findVisibleBooking,
  listReservations,
  loadReservationDetail,
  previewCancellation,
  reservationCsvColumns,
  reservationNotFoundMessage,
  resendConfirmation,
} from '../../../services/console/reservations.js';
import depositPhotoRoutes from './deposit-photos.js';

const codeParams = z.object({ code: z.string().min(1).max(64) });
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const alreadyCancelledMessage = 'This reservation is already cancelled.';

const reservationsRoutes: FastifyPluginAsyncZod = (app) => {
  const consoleUsers = requireConsole(app.db, 'owner', 'staff', 'admin');
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/reservations',
    {
      preHandler: consoleUsers,
      schema: {
        summary:
          'Reservations, newest stay first, filtered by home, nights in [from, to), status and a search of code, name or e-mail (owners: their homes, no e-mail, last initial)',
        tags: ['console: reservations'],
        querystring: adminReservationQuerySchema,
        response: { 200: adminReservationListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await listReservations(app.db, consoleUserOf(request), request.query);
      if (outcome.status === 'not_found') return reply.code(404).send({ message: homeNotFoundMessage });
      return outcome.items;
    },
  );

  app.get(
    '/reservations.csv',
    {
      preHandler: consoleUsers,
      schema: {
        summary: 'The same list as GET /api/admin/reservations with the same filters, as a CSV file',
        tags: ['console: reservations'],
        querystring: adminReservationQuerySchema,
        // A Buffer is sent as it is, past the JSON serializer.
        response: { 200: z.instanceof(Buffer), 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await listReservations(app.db, consoleUserOf(request), request.query);
      if (outcome.status === 'not_found') return reply.code(404).send({ message: homeNotFoundMessage });
      const csv = stringify(outcome.items, { header: true, columns: [...reservationCsvColumns] });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="reservations.csv"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv));
    },
  );

  app.get(
    '/reservations/:code',
    {
      preHandler: consoleUsers,
      schema: {
        summary:
          "A reservation's page: guest, party, nights, price lines, add-ons, payments, refunds, e-mails sent, notes, cancellation (owners: no contact details, notes or e-mails)",
        tags: ['console: reservations'],
        params: codeParams,
        response: { 200: adminReservationDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const detail = await loadReservationDetail(app.db, consoleUserOf(request), request.params.code);
      if (!detail) return reply.code(404).send({ message: reservationNotFoundMessage });
      return detail;
    },
  );

  app.post(
    '/reservations/:code/notes',
    {
      preHandler: staff,
      schema: {
        summary: 'Add a staff note to a reservation (staff, admin)',
        tags: ['console: reservations'],
        params: codeParams,
        body: adminReservationNoteRequestSchema,
        response: { 201: adminReservationNoteSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const note = await addReservationNote(app.db, consoleUserOf(request), request.params.code, request.body.body);
      if (!note) return reply.code(404).send({ message: reservationNotFoundMessage });
      return reply.code(201).send(note);
    },
  );

  app.post(
    '/reservations/:code/resend-confirmation',
    {
      preHandler: staff,
      schema: {
        summary: 'Queue a copy of the confirmation e-mail to the guest (staff, admin); one a minute per reservation',
        tags: ['console: reservations'],
        params: codeParams,
        response: { 202: adminResendConfirmationSchema, 409: errorBodySchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await resendConfirmation(app.db, consoleUserOf(request), request.params.code, app.env.PUBLIC_URL);
      switch (outcome.status) {
        case 'queued':
          app.mailer.outbox.poke();
          return reply.code(202).send({ queued: true, to: outcome.to });
        case 'not_found':
          return reply.code(404).send({ message: reservationNotFoundMessage });
        case 'conflict':
          return reply.code(409).send({ message: outcome.message });
        case 'rate_limited':
          return reply.code(429).send({ message: outcome.message });
      }
    },
  );

  app.get(
    '/reservations/:code/cancel-preview',
    {
      preHandler: staff,
      schema: {
        summary: 'What cancelling now would refund under the policy, and in full, in dollars (staff, admin)',
        tags: ['console: reservations'],
        params: codeParams,
        response: { 200: adminCancelPreviewSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await previewCancellation(
        app.db,
        consoleUserOf(request),
        request.params.code,
        app.clock.now(request),
      );
      if (outcome.status === 'not_found') return reply.code(404).send({ message: reservationNotFoundMessage });
      if (outcome.status === 'cancelled') return reply.code(409).send({ message: alreadyCancelledMessage });
      return outcome.preview;
    },
  );

  app.post(
    '/reservations/:code/cancel',
    {
      preHandler: staff,
      schema: {
        summary:
          "Cancel a reservation and refund the policy's tier, in full, none, or an amount in dollars (staff, admin). Repeating it answers the same and refunds once",
        tags: ['console: reservations'],
        params: codeParams,
        body: adminCancelRequestSchema,
        response: { 200: adminCancelResultSchema, 400: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      // Staff see every home; the check keeps this route right if owners are ever admitted.
      const booking = await findVisibleBooking(app.db, user, request.params.code);
      if (!booking) return reply.code(404).send({ message: reservationNotFoundMessage });
      const body = request.body;
      const refund: RefundRequest =
        'refund' in body ? { choice: body.refund } : { choice: 'amount', cents: toCents(body.refundAmount) };
      const outcome = await cancelBooking(
        bookingDeps(app, request.log),
        {
          code: booking.code,
          actor: { kind: 'staff', userId: user.id, label: user.email },
          refund,
          onCancelled: (tx, before, cancellation) =>
            recordAudit(tx, user, {
              action: 'reservation.cancel',
              entity: 'booking',
              entityId: before.code,
              before: { status: 'confirmed' },
              after: {
                status: 'cancelled',
                refundChoice: cancellation.refundChoice,
                refundCents: cancellation.refundCents,
              },
            }),
        },
        app.clock.now(request),
      );
      switch (outcome.status) {
        case 'not_found':
          return reply.code(404).send({ message: reservationNotFoundMessage });
        case 'rejected':
          return reply.code(422).send({ message: outcome.message });
        case 'cancelled':
          return {
            code: outcome.result.code,
            status: 'cancelled' as const,
            cancelledAt: outcome.result.cancelledAt.toISOString(),
            refundChoice: outcome.result.refundChoice,
            refundedAmount: centsToDollars(outcome.result.refundCents),
            refundStatus: outcome.result.refundStatus,
          };
      }
    },
  );

  app.post(
    '/reservations/:code/deposit/capture',
    {
      preHandler: staff,
      schema: {
        summary:
          'Capture part or all of a held security deposit, in dollars, for a listed penalty (its amount) or damage (with a note); the rest is released and the guest e-mailed (staff, admin)',
        tags: ['console: reservations'],
        params: codeParams,
        body: depositCaptureBodySchema,
        response: {
          200: depositCaptureResponseSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const booking = await findVisibleBooking(app.db, user, request.params.code);
      if (!booking) return reply.code(404).send({ message: reservationNotFoundMessage });
      const { amount, reason, note } = request.body;
      const outcome = await captureDeposit(
        bookingDeps(app, request.log),
        booking,
        {
          amountCents: toCents(amount),
          reason,
          note,
          userId: user.id,
          onCaptured: (tx, result) => {
            const capturedCents = toCents(result.captured);
            const releasedCents = toCents(result.released);
            return recordAudit(tx, user, {
              action: 'reservation.deposit_capture',
              entity: 'booking',
              entityId: booking.code,
              before: { depositStatus: 'held', heldCents: capturedCents + releasedCents },
              after: {
                depositStatus: result.status,
                reason: result.reason,
                note: note ?? null,
                capturedCents,
                releasedCents,
              },
            });
          },
        },
        app.clock.now(request),
      );
      switch (outcome.status) {
        case 'ok':
          return outcome.result;
        case 'not_found':
          return reply.code(404).send({ message: noDepositMessage });
        case 'rejected':
          return reply.code(422).send({ message: outcome.message });
        case 'conflict':
          return reply.code(409).send({ message: outcome.message });
      }
    },
  );

  void app.register(depositPhotoRoutes);

  return Promise.resolve();
};

export default reservationsRoutes;
