// /api/admin/tasks (issue 30): the staff's board of turnover tasks, assigning
// and moving them, the kinds of task of each home, and the problems cleaners
// report. Staff and admins; owners only read their homes' completed cleanings
// and open maintenance tickets (GET /tasks/summary). Every write is audited
// in its transaction, like every console write.
import {
  adminTaskListSchema,
  adminTaskPatchSchema,
  adminTaskQuerySchema,
  adminTaskSchema,
  errorBodySchema,
  homeNotFoundMessage,
  ownerTaskSummarySchema,
  taskAssigneeListSchema,
  taskKindCreateSchema,
  taskKindListSchema,
  taskKindPatchSchema,
  taskKindSchema,
  taskNotFoundMessage,
  taskProblemListSchema,
  taskProblemSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import type { ConsoleUser } from '../../../services/console/access.js';
import { recordAudit } from '../../../services/console/audit.js';
import {
  closeProblem,
  createTaskKind,
  listAssignees,
  listBoardTasks,
  listProblems,
  listTaskKinds,
  ownerTaskSummary,
  patchTask,
  updateTaskKind,
  type TaskAudit,
} from '../../../services/tasks/index.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: z.string().trim().min(1).max(64) }).strict();
const tags = ['console: tasks'];

function auditAs(user: ConsoleUser): TaskAudit {
  return (tx, entry) => recordAudit(tx, user, entry);
}

const tasksRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');
  const everyone = requireConsole(app.db, 'owner', 'staff', 'admin');
  const settings = { publicUrl: app.env.PUBLIC_URL };

  app.get(
    '/tasks',
    {
      preHandler: staff,
      schema: {
        summary:
          "Turnover tasks whose window starts on a day in [from, to] on the home's clock (today to a week on by default), by status, assignee (an id or none) and home (staff, admin)",
        tags,
        querystring: adminTaskQuerySchema,
        response: { 200: adminTaskListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await listBoardTasks(app.db, request.query, app.clock.now(request));
      if (outcome.status === 'not_found') return reply.code(404).send({ message: homeNotFoundMessage });
      return outcome.tasks;
    },
  );

  app.get(
    '/tasks/assignees',
    {
      preHandler: staff,
      schema: {
        summary: 'Who tasks can be given to: cleaners, staff and admins (staff, admin)',
        tags,
        response: { 200: taskAssigneeListSchema, ...errors },
      },
    },
    async () => listAssignees(app.db),
  );

  app.get(
    '/tasks/summary',
    {
      preHandler: everyone,
      schema: {
        summary: "Completed cleanings and open maintenance tickets of the caller's homes (owners: their own)",
        tags,
        response: { 200: ownerTaskSummarySchema, ...errors },
      },
    },
    async (request) => ownerTaskSummary(app.db, consoleUserOf(request)),
  );

  app.get(
    '/tasks/problems',
    {
      preHandler: staff,
      schema: {
        summary: 'Problems cleaners reported, newest first, by status and kind (staff, admin)',
        tags,
        querystring: z
          .object({ status: z.enum(['open', 'closed']).optional(), kind: z.enum(['damage', 'maintenance']).optional() })
          .strict(),
        response: { 200: taskProblemListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => listProblems(app.db, consoleUserOf(request), request.query),
  );

  app.post(
    '/tasks/problems/:id/close',
    {
      preHandler: staff,
      schema: {
        summary: 'Close a maintenance ticket or a damage report (again: no change) (staff, admin)',
        tags,
        params: idParams,
        response: { 200: taskProblemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const outcome = await closeProblem(app.db, user, request.params.id, app.clock.now(request), auditAs(user));
      return outcome.status === 'closed' ? outcome.problem : reply.code(404).send({ message: 'Problem not found' });
    },
  );

  app.get(
    '/tasks/kinds',
    {
      preHandler: staff,
      schema: {
        summary: "A home's kinds of task, the defaults first (staff, admin)",
        tags,
        querystring: z.object({ propertyId: z.string().trim().min(1).max(200) }).strict(),
        response: { 200: taskKindListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const kinds = await listTaskKinds(app.db, request.query.propertyId);
      return kinds ?? reply.code(404).send({ message: homeNotFoundMessage });
    },
  );

  app.post(
    '/tasks/kinds',
    {
      preHandler: staff,
      schema: {
        summary: "Add a kind of task to a home; its tasks are planned for the home's coming stays (staff, admin)",
        tags,
        body: taskKindCreateSchema,
        response: { 201: taskKindSchema, 400: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const kind = await createTaskKind(app.db, request.body, app.clock.now(request), settings, auditAs(user));
      if (!kind) return reply.code(404).send({ message: homeNotFoundMessage });
      app.mailer.outbox.poke();
      return reply.code(201).send(kind);
    },
  );

  app.patch(
    '/tasks/kinds/:id',
    {
      preHandler: staff,
      schema: {
        summary:
          'Change a kind of task: name, checklist, expected minutes, default assignee, or switch it off (its open tasks are cancelled) (staff, admin)',
        tags,
        params: idParams,
        body: taskKindPatchSchema,
        response: { 200: taskKindSchema, 400: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const kind = await updateTaskKind(
        app.db,
        request.params.id,
        request.body,
        app.clock.now(request),
        settings,
        auditAs(user),
      );
      if (!kind) return reply.code(404).send({ message: 'Task kind not found' });
      app.mailer.outbox.poke();
      return kind;
    },
  );

  app.patch(
    '/tasks/:id',
    {
      preHandler: staff,
      schema: {
        summary:
          'Assign or unassign a task, set its status or move its window; the people concerned are e-mailed (staff, admin)',
        tags,
        params: idParams,
        body: adminTaskPatchSchema,
        response: { 200: adminTaskSchema, 400: errorBodySchema, 422: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const outcome = await patchTask(
        app.db,
        request.params.id,
        request.body,
        app.clock.now(request),
        settings,
        auditAs(user),
      );
      if (outcome.status === 'not_found') return reply.code(404).send({ message: taskNotFoundMessage });
      app.mailer.outbox.poke();
      return outcome.task;
    },
  );

  return Promise.resolve();
};

export default tasksRoutes;
