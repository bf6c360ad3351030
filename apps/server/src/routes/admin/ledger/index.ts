// /api/admin/ledger (issue 29): the company's journal, and the same lines as
// a general-journal CSV for QuickBooks Online or Xero. Staff and admins
// only: the journal holds every owner's money.
import { errorBodySchema, ledgerQuerySchema, ledgerResponseSchema } from '@sas/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireConsole } from '../../../lib/console-guard.js';
import { journalCsvColumns, journalCsvRows, readJournal } from '../../../services/ledger/journal.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

const ledgerRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/ledger',
    {
      preHandler: staff,
      schema: {
        summary:
          'The ledger lines (dollars) from `from` to `to` (YYYY-MM-DD, UTC days, both included), or of one booking; staff, admin',
        tags: ['console: ledger'],
        querystring: ledgerQuerySchema,
        response: { 200: ledgerResponseSchema, ...errors },
      },
    },
    async (request) => (await readJournal(app.db, request.query)).map(({ reference: _, ...entry }) => entry),
  );

  app.get(
    '/ledger/export.csv',
    {
      preHandler: staff,
      schema: {
        summary:
          'The ledger as a general-journal CSV (Date, Account, Debit, Credit, Memo, Reference) for QuickBooks Online or Xero',
        tags: ['console: ledger'],
        querystring: ledgerQuerySchema.omit({ booking: true }),
        // A Buffer is sent as it is, past the JSON serializer.
        response: { 200: z.instanceof(Buffer), ...errors },
      },
    },
    async (request, reply) => {
      const lines = await readJournal(app.db, request.query);
      const csv = stringify(journalCsvRows(lines), { header: true, columns: [...journalCsvColumns] });
      const name = `journal-${request.query.from ?? 'start'}-to-${request.query.to ?? 'now'}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv));
    },
  );

  return Promise.resolve();
};

export default ledgerRoutes;
