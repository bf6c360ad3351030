// /api/admin/audit (issue 14 section 8): who changed what and when, with the
// record before and after, newest first. Admins only.
import { auditEntryListSchema, auditQuerySchema, errorBodySchema } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireConsole } from '../../../lib/console-guard.js';
import { listAuditEntries } from '../../../services/console/audit-log.js';

const auditRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/audit',
    {
      preHandler: requireConsole(app.db, 'admin'),
      schema: {
        summary:
          'The audit log, newest first; ?entity= (e.g. property, user), ?limit= (1-200, 50), ?before= (entry id or ISO time); admin',
        tags: ['console: audit'],
        querystring: auditQuerySchema,
        response: { 200: auditEntryListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listAuditEntries(app.db, request.query),
  );
  return Promise.resolve();
};

export default auditRoutes;
