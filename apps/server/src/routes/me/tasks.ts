// /api/me/tasks (issue 30): a cleaner's own turnover tasks. Another person's
// task is a 404, as if it did not exist; guests and owners get 403. Photos
// are checked by content and rendered exactly like a home's (the console's
// uploader); multipart is registered in this plugin alone.
import fastifyMultipart from '@fastify/multipart';
import {
  errorBodySchema,
  finishTaskRequestSchema,
  maxPhotoUploadBytes,
  myTaskListSchema,
  myTaskSchema,
  taskNotFoundMessage,
  taskPhotoSchema,
  taskProblemRequestSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTaskWorker, taskWorkerOf } from '../../lib/task-guard.js';
import { mediaRowsOf, photoUploadLimits, renderUploads } from '../../services/console/photos.js';
import {
  addMyTaskPhotos,
  finishMyTask,
  listMyTasks,
  loadMyTask,
  myTaskPhotoQuota,
  reportProblem,
  startMyTask,
} from '../../services/tasks/index.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const params = z.object({ id: z.string().trim().min(1).max(64) }).strict();
const tags = ['tasks: cleaners'];
const megabytes = maxPhotoUploadBytes / (1024 * 1024);

const myTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: photoUploadLimits });
  app.decorateRequest('taskWorker', null);
  const worker = requireTaskWorker(app.db);
  const notFound = { message: taskNotFoundMessage };

  app.get(
    '/tasks',
    {
      preHandler: worker,
      schema: {
        summary:
          "The caller's own tasks from a day ago on, not cancelled: the home, address, access notes, window, party size and next arrival, never the guests' names or contact details (cleaners, staff, admins)",
        tags,
        response: { 200: myTaskListSchema, ...errors },
      },
    },
    async (request) => listMyTasks(app.db, taskWorkerOf(request), app.clock.now(request)),
  );

  app.get(
    '/tasks/:id',
    {
      preHandler: worker,
      schema: { summary: "One of the caller's tasks", tags, params, response: { 200: myTaskSchema, ...errors } },
    },
    async (request, reply) => {
      const task = await loadMyTask(app.db, taskWorkerOf(request), request.params.id);
      return task ?? reply.code(404).send(notFound);
    },
  );

  app.post(
    '/tasks/:id/start',
    {
      preHandler: worker,
      schema: {
        summary: "Start one of the caller's tasks (again: no change); 409 when cancelled or finished",
        tags,
        params,
        response: { 200: myTaskSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await startMyTask(app.db, taskWorkerOf(request), request.params.id, app.clock.now(request));
      return outcome.status === 'ok' ? outcome.task : reply.code(404).send(notFound);
    },
  );

  app.post(
    '/tasks/:id/finish',
    {
      preHandler: worker,
      schema: {
        summary:
          "Finish a task with its checklist as ticked; 422 when an item that requires a photo has none of this task's photos",
        tags,
        params,
        body: finishTaskRequestSchema,
        response: { 200: myTaskSchema, 400: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await finishMyTask(
        app.db,
        taskWorkerOf(request),
        request.params.id,
        request.body,
        app.clock.now(request),
      );
      return outcome.status === 'ok' ? outcome.task : reply.code(404).send(notFound);
    },
  );

  app.post(
    '/tasks/:id/photos',
    {
      preHandler: worker,
      schema: {
        summary: `Add photos to a task (multipart/form-data, one file part per photo, ${megabytes} MB each): JPEG, PNG, WebP or AVIF, checked by content like a home's photos`,
        tags,
        consumes: ['multipart/form-data'],
        params,
        response: {
          201: z.array(taskPhotoSchema),
          400: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const who = taskWorkerOf(request);
      const quota = await myTaskPhotoQuota(app.db, who, request.params.id);
      if (!quota) return reply.code(404).send(notFound);
      const uploads = await renderUploads(request, quota);
      const outcome = await addMyTaskPhotos(
        app.db,
        who,
        request.params.id,
        uploads.map((upload) => ({ key: upload.key, rows: mediaRowsOf(upload) })),
      );
      return outcome.status === 'ok' ? reply.code(201).send(outcome.photos) : reply.code(404).send(notFound);
    },
  );

  app.post(
    '/tasks/:id/problems',
    {
      preHandler: worker,
      schema: {
        summary:
          'Report a problem found on a task: damage (shown on the departing reservation for a deposit capture) or maintenance (a ticket staff close), with photos already added to the task',
        tags,
        params,
        body: taskProblemRequestSchema,
        response: { 201: z.object({ id: z.string() }), 400: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await reportProblem(app.db, taskWorkerOf(request), request.params.id, request.body);
      return outcome.status === 'reported' ? reply.code(201).send({ id: outcome.id }) : reply.code(404).send(notFound);
    },
  );
};

export default myTaskRoutes;
