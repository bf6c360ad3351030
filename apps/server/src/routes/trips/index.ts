// The guest's trips (issue 16, ADR 028). A booking is reached by its owner's
// access token or by the e-mailed link's token for that booking; anyone else
// gets the same 404 as for an unknown code, so the answer reveals nothing.
// Issue 17 adds paying a failed installment and authorising the deposit again.
import {
  centsToDollars,
  conciergeOrderBodySchema,
  conciergeOrderResponseSchema,
  conciergeServiceSchema,
  errorBodySchema,
  tripCancelResponseSchema,
  tripDetailSchema,
  tripListSchema,
  tripLookupBodySchema,
  tripLookupMessage,
  tripLookupResponseSchema,
  tripParamsSchema,
  tripPaymentConfirmBodySchema,
  tripPaymentResponseSchema,
  tripQuerySchema,
} from '@sas/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingDeps } from '../../lib/booking-deps.js';
import { bearerToken, signedInUser } from '../../plugins/auth.js';
import { cancelBooking } from '../../services/booking/index.js';
import { cancelConcierge, conciergeMessages, confirmConcierge, orderConcierge } from '../../services/concierge.js';
import {
  confirmDepositAuthorization,
  confirmInstallmentPayment,
  startDepositAuthorization,
  startInstallmentPayment,
  type GuestPaymentConfirmOutcome,
  type GuestPaymentOutcome,
} from '../../services/schedule/index.js';
import { findBookingByCode, listTrips, loadTrip, requestTripLink, tripNotFoundMessage } from '../../services/trips.js';
import { verifyTripToken } from '../../services/trip-links.js';

const noPayment = { message: 'This booking has no such payment.' };
const noDeposit = { message: 'This booking has no security deposit.' };

/** The answer to setting up a guest's card payment (a failed installment, or the deposit's hold). */
function answerStart(reply: FastifyReply, outcome: GuestPaymentOutcome, notFound: { message: string }) {
  switch (outcome.status) {
    case 'ok':
      return reply.code(201).send(outcome.payment);
    case 'not_found':
      return reply.code(404).send(notFound);
    case 'conflict':
      return reply.code(409).send({ message: outcome.message });
    case 'unavailable':
      return reply.code(503).send({ message: outcome.message });
  }
}

/** The answer to recording that payment once the provider says it went through. */
function answerConfirm(reply: FastifyReply, outcome: GuestPaymentConfirmOutcome, done: { status: 'paid' | 'held' }) {
  switch (outcome.status) {
    case 'paid':
      return reply.code(200).send(done);
    case 'not_paid':
      return reply.code(402).send({ message: outcome.message });
    case 'not_found':
      return reply.code(404).send(noPayment);
    case 'conflict':
      return reply.code(409).send({ message: outcome.message });
  }
}

const tripRoutes: FastifyPluginAsyncZod = (app) => {
  // Lookups run after the answer is sent, so a match and a miss take the same
  // time to answer; closing the app waits for the ones still running.
  const pendingLookups = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pendingLookups]);
  });

  /** The booking `code` when the caller may see it: its account's owner, or a link for that booking. */
  async function accessibleBooking(request: FastifyRequest, code: string, queryToken: string | undefined) {
    const booking = await findBookingByCode(app.db, code);
    if (!booking) return null;
    if (request.auth) {
      if (booking.userId !== null && booking.userId === request.auth.userId) return booking;
    }
    const token = queryToken ?? (request.auth ? undefined : bearerToken(request.headers.authorization));
    if (token && (await verifyTripToken(app.env.JWT_SECRET, token, booking.code))) return booking;
    return null;
  }

  app.post(
    '/lookup',
    {
      preHandler: app.authRateLimit('trip-lookup', (request) => (request.body as { code?: string }).code),
      schema: {
        summary:
          'Anyone: e-mails a link to the booking (valid 24 hours) when the code and e-mail match; always the same 202',
        tags: ['trips'],
        body: tripLookupBodySchema,
        response: { 202: tripLookupResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const lookup = request.body;
      const work = requestTripLink(app.db, { jwtSecret: app.env.JWT_SECRET, publicUrl: app.env.PUBLIC_URL }, lookup)
        .then((queued) => {
          if (queued) app.mailer.outbox.poke();
        })
        .catch((err: unknown) => request.log.error({ err }, 'trip lookup failed'))
        .finally(() => pendingLookups.delete(work));
      pendingLookups.add(work);
      return reply.code(202).send({ message: tripLookupMessage });
    },
  );

  app.get(
    '/',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Signed-in guest: the account's bookings, upcoming first, then past ones",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        response: { 200: tripListSchema, 401: errorBodySchema },
      },
    },
    async (request) => listTrips(app.db, signedInUser(request).userId, app.clock.now(request)),
  );

  app.get(
    '/:code',
    {
      schema: {
        summary:
          "The booking's owner (bearer access token) or its e-mailed link (?token= or bearer): the booking's page; anyone else 404",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: tripParamsSchema,
        querystring: tripQuerySchema,
        response: { 200: tripDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      const trip = booking ? await loadTrip(app.db, booking, app.clock.now(request)) : null;
      if (!trip) return reply.code(404).send({ message: tripNotFoundMessage });
      return trip;
    },
  );

  app.post(
    '/:code/cancel',
    {
      schema: {
        summary:
          "The booking's owner or its link: cancels with the policy's refund now, computed by the server; repeating it answers the same and refunds once",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: tripParamsSchema,
        querystring: tripQuerySchema,
        response: { 200: tripCancelResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      if (!booking) return reply.code(404).send({ message: tripNotFoundMessage });
      const outcome = await cancelBooking(
        bookingDeps(app, request.log),
        {
          code: booking.code,
          actor: {
            kind: 'guest',
            userId: request.auth?.userId ?? null,
            label: booking.email ? `the guest (${booking.email})` : 'the guest',
          },
          refund: { choice: 'policy' },
        },
        app.clock.now(request),
      );
      // 'rejected' only answers an amount chosen by staff; the policy's refund is always possible.
      if (outcome.status !== 'cancelled') return reply.code(404).send({ message: tripNotFoundMessage });
      return { status: 'cancelled' as const, refundAmount: centsToDollars(outcome.result.refundCents) };
    },
  );

  const serviceParamsSchema = tripParamsSchema.extend({ serviceId: z.string().max(64) });

  app.post(
    '/:code/add-ons',
    {
      schema: {
        summary:
          "The booking's owner or its link: orders a concierge service for a day and time of the stay, priced by the server; answers its payment. 422 names a broken rule",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: tripParamsSchema,
        querystring: tripQuerySchema,
        body: conciergeOrderBodySchema,
        response: {
          201: conciergeOrderResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      if (!booking) return reply.code(404).send({ message: tripNotFoundMessage });
      // A broken rule (rejected) or a provider that failed (unavailable) is answered by the error handler.
      return reply
        .code(201)
        .send(await orderConcierge(bookingDeps(app, request.log), booking, request.body, app.clock.now(request)));
    },
  );

  app.post(
    '/:code/add-ons/:serviceId/confirm',
    {
      schema: {
        summary:
          "The booking's owner or its link: marks a concierge service paid once the provider says its payment succeeded; repeating it changes nothing",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: serviceParamsSchema,
        querystring: tripQuerySchema,
        response: { 200: conciergeServiceSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      const service = booking
        ? await confirmConcierge(bookingDeps(app, request.log), booking, request.params.serviceId)
        : null;
      if (!service)
        return reply.code(404).send({ message: booking ? conciergeMessages.notFound : tripNotFoundMessage });
      return service;
    },
  );

  app.post(
    '/:code/add-ons/:serviceId/cancel',
    {
      schema: {
        summary:
          "The booking's owner or its link: cancels a paid concierge service with a full refund until 48 hours before its time; repeating it refunds once",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: serviceParamsSchema,
        querystring: tripQuerySchema,
        response: { 200: conciergeServiceSchema, 400: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      if (!booking) return reply.code(404).send({ message: tripNotFoundMessage });
      const service = await cancelConcierge(
        bookingDeps(app, request.log),
        booking,
        request.params.serviceId,
        app.clock.now(request),
      );
      if (!service) return reply.code(404).send({ message: conciergeMessages.notFound });
      return service;
    },
  );

  // Money over time (issue 17): a failed installment paid, or the deposit
  // authorised again, with a card on the booking's page. The services decide
  // what may be paid; these routes only open the booking and shape the answer.

  const scheduleParamsSchema = tripParamsSchema.extend({
    // A URL segment: coerced, then held to the schedule's 1 to 3 charges.
    seq: z.coerce.number().int().min(1).max(3),
  });
  const paidSchema = z.object({ status: z.literal('paid') });
  const heldSchema = z.object({ status: z.literal('held') });
  // Also the answer to confirming a payment intent this booking did not start.

  app.post(
    '/:code/schedule/:seq/pay',
    {
      schema: {
        summary:
          "The booking's owner or its link: a card payment for an installment whose charge failed; 409 when there is nothing to pay",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: scheduleParamsSchema,
        querystring: tripQuerySchema,
        response: {
          201: tripPaymentResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      if (!booking) return reply.code(404).send({ message: tripNotFoundMessage });
      const outcome = await startInstallmentPayment(
        bookingDeps(app, request.log),
        booking,
        request.params.seq,
        app.clock.now(request),
      );
      return answerStart(reply, outcome, noPayment);
    },
  );

  app.post(
    '/:code/schedule/:seq/confirm',
    {
      schema: {
        summary:
          "The booking's owner or its link: records an installment paid once the provider says its card payment succeeded; 402 when it did not; repeating it changes nothing",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: scheduleParamsSchema,
        querystring: tripQuerySchema,
        body: tripPaymentConfirmBodySchema,
        response: {
          200: paidSchema,
          400: errorBodySchema,
          402: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      if (!booking) return reply.code(404).send({ message: tripNotFoundMessage });
      const outcome = await confirmInstallmentPayment(
        bookingDeps(app, request.log),
        booking,
        request.params.seq,
        request.body.paymentIntentId,
        app.clock.now(request),
      );
      return answerConfirm(reply, outcome, { status: 'paid' as const });
    },
  );

  app.post(
    '/:code/deposit/authorize',
    {
      schema: {
        summary:
          "The booking's owner or its link: a card hold for the security deposit when the saved card's hold failed; 409 when none is needed",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: tripParamsSchema,
        querystring: tripQuerySchema,
        response: {
          201: tripPaymentResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      if (!booking) return reply.code(404).send({ message: tripNotFoundMessage });
      const outcome = await startDepositAuthorization(bookingDeps(app, request.log), booking, app.clock.now(request));
      return answerStart(reply, outcome, noDeposit);
    },
  );

  app.post(
    '/:code/deposit/confirm',
    {
      schema: {
        summary:
          "The booking's owner or its link: records the deposit held once the provider says the card authorised it; 402 when it did not; repeating it changes nothing",
        tags: ['trips'],
        security: [{ bearerAuth: [] }],
        params: tripParamsSchema,
        querystring: tripQuerySchema,
        body: tripPaymentConfirmBodySchema,
        response: {
          200: heldSchema,
          400: errorBodySchema,
          402: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const booking = await accessibleBooking(request, request.params.code, request.query.token);
      if (!booking) return reply.code(404).send({ message: tripNotFoundMessage });
      const outcome = await confirmDepositAuthorization(
        bookingDeps(app, request.log),
        booking,
        request.body.paymentIntentId,
        app.clock.now(request),
      );
      // The service's word for a payment that went through; for a hold it means held.
      return answerConfirm(reply, outcome, { status: 'held' as const });
    },
  );

  return Promise.resolve();
};

export default tripRoutes;
