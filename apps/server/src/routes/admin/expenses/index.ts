// Expenses with receipts (issue 29, ADR 046): staff record what they paid
// for an owner's home with its receipt (multipart, checked by content), the
// owner's payable reduced through the ledger. A home's expenses are read by
// staff, admins and its owner; a receipt by staff, admins and the owner
// charged. Multipart parsing is registered in this plugin alone.
import fastifyMultipart from '@fastify/multipart';
import {
  adminPropertyParamsSchema,
  errorBodySchema,
  maxReceiptBytes,
  ownerExpenseSchema,
  ownerExpensesResponseSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import {
  listExpenses,
  readExpenseUpload,
  readReceipt,
  receiptUploadLimits,
  recordExpense,
} from '../../../services/console/expenses.js';
import { requireConsoleHome } from '../../../services/console/homes.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const expenseParams = z.object({ id: z.uuid({ error: 'id is an expense id (UUID)' }) }).strict();

const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: receiptUploadLimits });
  const staff = requireConsole(app.db, 'staff', 'admin');
  const consoleUsers = requireConsole(app.db, 'owner', 'staff', 'admin');

  app.post(
    '/properties/:id/expenses',
    {
      preHandler: staff,
      schema: {
        summary: `Record an expense of a home, charged to its owner (multipart/form-data: date, amount, memo, idempotencyKey and one receipt file of at most ${maxReceiptBytes / (1024 * 1024)} MB, a JPEG, PNG, WebP or PDF); a repeat of the idempotencyKey answers 200 with the first`,
        tags: ['console: reports'],
        consumes: ['multipart/form-data'],
        params: adminPropertyParamsSchema,
        response: {
          200: ownerExpenseSchema,
          201: ownerExpenseSchema,
          409: errorBodySchema,
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
      const upload = await readExpenseUpload(request);
      const outcome = await recordExpense(app.db, user, home.id, upload);
      return reply.code(outcome.created ? 201 : 200).send(outcome.expense);
    },
  );

  app.get(
    '/properties/:id/expenses',
    {
      preHandler: consoleUsers,
      schema: {
        summary: "A home's expenses, newest first; staff, admin, and the home's owner",
        tags: ['console: reports'],
        params: adminPropertyParamsSchema,
        response: { 200: ownerExpensesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const home = await requireConsoleHome(app.db, consoleUserOf(request), request.params.id);
      return listExpenses(app.db, home.id);
    },
  );

  app.get(
    '/expenses/:id/receipt',
    {
      preHandler: consoleUsers,
      schema: {
        summary: "An expense's receipt as uploaded (an attachment); staff, admin, and the owner it was charged to",
        tags: ['console: reports'],
        params: expenseParams,
        response: { 200: z.instanceof(Buffer), ...errors },
      },
    },
    async (request, reply) => {
      const receipt = await readReceipt(app.db, consoleUserOf(request), request.params.id);
      return reply
        .type(receipt.type)
        .header('content-disposition', `attachment; filename="${receipt.name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(receipt.bytes);
    },
  );
};

export default expensesRoutes;
