// The guest's trips (issue 16, ADR 028). A booking is reached by its owner's
// access token or by the e-mailed link's token for that booking; anyone else
// gets the same 404 as for an unknown code, so the answer reveals nothing.
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
  tripQuerySchema,
} from '@sas/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingDeps } from '../../lib/booking-deps.js';
import { bearerToken, signedInUser } from '../../plugins/auth.js';
import { cancelBooking } from '../../services/booking/index.js';
import {
  cancelConcierge,
  ConciergeProviderError,
  ConciergeRuleError,
  conciergeMessages,
  confirmConcierge,
  orderConcierge,
} from '../../services/concierge.js';
import { findBookingByCode, listTrips, loadTrip, requestTripLink, tripNotFoundMessage } from '../../services/trips.js';
import { verifyTripToken } from '../../services/trip-links.js';

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
    async (request) => listTrips(app.db, signedInUser(request).userId),
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
      try {
        return reply
          .code(201)
          .send(await orderConcierge(bookingDeps(app, request.log), booking, request.body, app.clock.now(request)));
      } catch (err) {
        if (err instanceof ConciergeRuleError) return reply.code(422).send({ message: err.message });
        if (err instanceof ConciergeProviderError) return reply.code(503).send({ message: err.message });
        throw err;
      }
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
      try {
        const service = await cancelConcierge(
          bookingDeps(app, request.log),
          booking,
          request.params.serviceId,
          app.clock.now(request),
        );
        if (!service) return reply.code(404).send({ message: conciergeMessages.notFound });
        return service;
      } catch (err) {
        if (err instanceof ConciergeRuleError) return reply.code(422).send({ message: err.message });
        throw err;
      }
    },
  );

  return Promise.resolve();
};

export default tripRoutes;
