// Who may use /api/me/tasks (issue 30): the people tasks are given to
// (cleaners, staff, admins), by their role in the database now, as the
// console's guard reads it (a demoted cleaner loses their tasks at once).
// Guests and owners get 403; without a valid token, 401.
import { users, type Database } from '@sas/db';
import { DomainError, forbiddenMessage, sessionExpiredMessage, sessionRequiredMessage } from '@sas/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { assigneeRoles } from '../services/tasks/board.js';
import type { TaskWorker } from '../services/tasks/mine.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireTaskWorker. */
    taskWorker: TaskWorker | null;
  }
}

export function requireTaskWorker(db: Database): preHandlerAsyncHookHandler {
  return async function (request: FastifyRequest, reply: FastifyReply) {
    if (!request.auth) {
      void reply.header('www-authenticate', 'Bearer');
      return reply.code(401).send({
        message: request.authFailure === 'expired' ? sessionExpiredMessage : sessionRequiredMessage,
      });
    }
    const [user] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, request.auth.userId));
    if (!user || !(assigneeRoles as readonly string[]).includes(user.role)) {
      return reply.code(403).send({ message: forbiddenMessage });
    }
    request.taskWorker = { id: user.id };
  };
}

export function taskWorkerOf(request: FastifyRequest): TaskWorker {
  if (request.taskWorker) return request.taskWorker;
  throw new DomainError('unauthenticated', sessionRequiredMessage);
}
