// Reports from the ledger (issue 29): the monthly lodging tax return per
// jurisdiction (staff, admin) and owner statements as JSON, CSV and PDF
// (staff, admin, and an owner for their own only).
import {
  companyName,
  DomainError,
  errorBodySchema,
  ownerStatementSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
  taxReportQuerySchema,
  taxReportResponseSchema,
} from '@sas/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { ownerStatement, reconcile, taxBasisOf, taxReturn } from '../../../services/ledger/reports.js';
import { statementCsvColumns, statementCsvRows, statementPdf } from '../../../services/ledger/statement-files.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** {id}/statements/{YYYY-MM}, {YYYY-MM}.csv or {YYYY-MM}.pdf */
const statementParamsSchema = z
  .object({
    id: z.uuid({ error: 'id is an owner id (UUID)' }),
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])(\.(csv|pdf))?$/, {
      error: 'The statement is named YYYY-MM, YYYY-MM.csv or YYYY-MM.pdf',
    }),
  })
  .strict();

export const ownerNotFoundMessage = 'No owner has this id';

const reportsRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');
  const consoleUsers = requireConsole(app.db, 'owner', 'staff', 'admin');

  app.get(
    '/reports/taxes',
    {
      preHandler: staff,
      schema: {
        summary:
          "The month's lodging tax return per jurisdiction and tax (dollars); by the month the nights were stayed (basis=stay) or by payment date (basis=payment); without basis, the company's setting",
        tags: ['console: reports'],
        querystring: taxReportQuerySchema,
        response: { 200: taxReportResponseSchema, ...errors },
      },
    },
    async (request) => taxReturn(app.db, request.query.month, request.query.basis ?? (await taxBasisOf(app.db))),
  );

  app.get(
    '/reports/reconciliation',
    {
      preHandler: staff,
      schema: {
        summary:
          "The processor's charges and refunds per UTC day against the ledger, from `from` to `to` (both included), with every reference that differs; staff, admin",
        tags: ['console: reports'],
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema, ...errors },
      },
    },
    async (request) => reconcile(app.db, request.query.from, request.query.to),
  );

  app.get(
    '/owners/:id/statements/:month',
    {
      preHandler: consoleUsers,
      schema: {
        summary:
          "An owner's statement of a month from the ledger (JSON); .csv and .pdf give it as files; staff, admin, and the owner for their own",
        tags: ['console: reports'],
        params: statementParamsSchema,
        // JSON, or a Buffer sent as it is (CSV, PDF).
        response: { 200: z.union([ownerStatementSchema, z.instanceof(Buffer)]), ...errors },
      },
    },
    async (request, reply) => {
      const user = consoleUserOf(request);
      const { id } = request.params;
      if (user.role === 'owner' && user.id !== id) {
        throw new DomainError('forbidden', 'An owner may read only their own statements');
      }
      const [month, format = 'json'] = request.params.month.split('.') as [string, string?];
      const outcome = await ownerStatement(app.db, id, month);
      if (outcome.status === 'not_found') throw new DomainError('not_found', ownerNotFoundMessage);
      const { statement } = outcome;
      if (format === 'json') return statement;
      const file = `statement-${month}.${format}`;
      reply.header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store');
      if (format === 'csv') {
        const csv = stringify(statementCsvRows(statement), { header: true, columns: [...statementCsvColumns] });
        return reply.type('text/csv; charset=utf-8').send(Buffer.from(csv));
      }
      return reply.type('application/pdf').send(await statementPdf(statement, companyName));
    },
  );

  return Promise.resolve();
};

export default reportsRoutes;
