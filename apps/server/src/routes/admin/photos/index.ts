// Photos of a home in the console (issue 14 section 2): upload (multipart,
// one or more files), alt text, order and delete. Staff and admins only.
// Multipart parsing is registered in this plugin alone, so no other route
// accepts multipart bodies; its limits are the upload rules (20 MB a file, 20
// files a request), shared with the deposit's photos (services/console/photos.ts).
import fastifyMultipart from '@fastify/multipart';
import {
  adminPhotoListSchema,
  adminPhotoOrderSchema,
  adminPhotoPatchSchema,
  adminPhotoUploadResponseSchema,
  adminPropertyParamsSchema,
  errorBodySchema,
  maxPhotoUploadBytes,
  maxPhotoUploadFiles,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateHome } from '../../../services/cache-bus.js';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { requireConsoleHome } from '../../../services/console/homes.js';
import {
  addPhotos,
  deletePhoto,
  homeOfPhoto,
  photoUploadLimits,
  renderUploads,
  reorderPhotos,
  updatePhotoAlt,
} from '../../../services/console/photos.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const photoParams = z.object({ photoId: z.string().trim().min(1).max(200) }).strict();

const megabytes = maxPhotoUploadBytes / (1024 * 1024);

const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: photoUploadLimits });
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.post(
    '/properties/:id/photos',
    {
      preHandler: staff,
      schema: {
        summary: `Upload photos (multipart/form-data, one file part per photo, at most ${maxPhotoUploadFiles} of ${megabytes} MB and 50 megapixels each): JPEG, PNG, WebP or AVIF`,
        tags: ['console: photos'],
        consumes: ['multipart/form-data'],
        params: adminPropertyParamsSchema,
        response: {
          201: adminPhotoUploadResponseSchema,
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
      const home = await requireConsoleHome(app.db, user, request.params.id);
      const uploads = await renderUploads(request);
      const photos = await addPhotos(app.db, user, home.id, uploads);
      await invalidateHome(app.cacheBus, home.id);
      return reply.code(201).send(photos);
    },
  );

  app.put(
    '/properties/:id/photos/order',
    {
      preHandler: staff,
      schema: {
        summary: "Order a home's photos: every photo id once, the cover first; answers the photos in their new order",
        tags: ['console: photos'],
        params: adminPropertyParamsSchema,
        body: adminPhotoOrderSchema,
        response: { 200: adminPhotoListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = consoleUserOf(request);
      const home = await requireConsoleHome(app.db, user, request.params.id);
      const photos = await reorderPhotos(app.db, user, home.id, request.body.photoIds);
      await invalidateHome(app.cacheBus, home.id);
      return photos;
    },
  );

  app.patch(
    '/photos/:photoId',
    {
      preHandler: staff,
      schema: {
        summary: "Set a photo's alt text; answers the home's photos",
        tags: ['console: photos'],
        params: photoParams,
        body: adminPhotoPatchSchema,
        response: { 200: adminPhotoListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = consoleUserOf(request);
      const homeId = homeOfPhoto(request.params.photoId);
      await requireConsoleHome(app.db, user, homeId);
      const photos = await updatePhotoAlt(app.db, user, request.params.photoId, request.body.alt);
      await invalidateHome(app.cacheBus, homeId);
      return photos;
    },
  );

  app.delete(
    '/photos/:photoId',
    {
      preHandler: staff,
      schema: {
        summary: 'Remove a photo from its home (and its stored files)',
        tags: ['console: photos'],
        params: photoParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const homeId = homeOfPhoto(request.params.photoId);
      await requireConsoleHome(app.db, user, homeId);
      await deletePhoto(app.db, user, request.params.photoId);
      await invalidateHome(app.cacheBus, homeId);
      return reply.code(204).send(null);
    },
  );
};

export default photosRoutes;
