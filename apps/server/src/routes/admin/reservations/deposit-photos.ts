// Photos of a reservation's security deposit (issue 17): staff and admins
// attach photos of damage while the deposit is held or captured (at most 10)
// and remove a mistaken one while it is held. Uploads are read and rendered
// as a home's photos are (services/console/photos.ts). Multipart parsing is
// registered in this plugin alone, so the other reservation routes keep
// refusing multipart bodies.
import fastifyMultipart from '@fastify/multipart';
import {
  DomainError,
  depositPhotoParamsSchema,
  depositPhotoUploadResponseSchema,
  errorBodySchema,
  maxDepositPhotos,
  maxPhotoUploadBytes,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { addDepositPhotos, depositPhotoQuota, removeDepositPhoto } from '../../../services/console/deposit-photos.js';
import { photoUploadLimits, renderUploads } from '../../../services/console/photos.js';
import { findVisibleBooking, reservationNotFoundMessage } from '../../../services/console/reservations.js';

const codeParams = z.object({ code: z.string().min(1).max(64) });
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

const depositPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: photoUploadLimits });
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.post(
    '/reservations/:code/deposit/photos',
    {
      preHandler: staff,
      schema: {
        summary: `Attach photos to a held or captured security deposit (multipart/form-data, one file part per photo, ${maxPhotoUploadBytes / (1024 * 1024)} MB and 50 megapixels each, at most ${maxDepositPhotos} a deposit): JPEG, PNG, WebP or AVIF (staff, admin)`,
        tags: ['console: reservations'],
        consumes: ['multipart/form-data'],
        params: codeParams,
        response: {
          201: depositPhotoUploadResponseSchema,
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const booking = await findVisibleBooking(app.db, user, request.params.code);
      if (!booking) throw new DomainError('not_found', reservationNotFoundMessage);
      // Refused before any file is read: no deposit, not held or captured, or full.
      const quota = await depositPhotoQuota(app.db, booking.id);
      const uploads = await renderUploads(request, quota);
      const { photos, queued } = await addDepositPhotos(app.db, user, booking, uploads, app.clock.now(request), {
        jwtSecret: app.env.JWT_SECRET,
        publicUrl: app.env.PUBLIC_URL,
      });
      if (queued) app.mailer.outbox.poke();
      return reply.code(201).send(photos);
    },
  );

  app.delete(
    '/reservations/:code/deposit/photos/:key',
    {
      preHandler: staff,
      schema: {
        summary:
          "Remove a mistaken photo from a held deposit, and its stored files (staff, admin); a captured deposit's photos are kept",
        tags: ['console: reservations'],
        params: depositPhotoParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const booking = await findVisibleBooking(app.db, user, request.params.code);
      if (!booking) throw new DomainError('not_found', reservationNotFoundMessage);
      await removeDepositPhoto(app.db, user, booking, request.params.key);
      return reply.code(204).send(null);
    },
  );
};

export default depositPhotoRoutes;
