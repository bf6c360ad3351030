// Owners' terms and payouts, and the company's tax basis (issue 29, ADR 046).
// The bookkeeper's settings: staff read owners' terms and record payouts,
// only admins change a commission rate or payout details (they decide what
// an owner is paid); the tax basis is staff's and admins'. An owner reads
// their own terms, never another's.
import {
  DomainError,
  errorBodySchema,
  ownerAccountSchema,
  ownerAccountsResponseSchema,
  ownerAccountUpdateSchema,
  ownerParamsSchema,
  ownerPayoutCreateSchema,
  ownerPayoutSchema,
  taxBasisSettingSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import {
  getOwnerAccount,
  listOwnerAccounts,
  recordOwnerPayout,
  setTaxBasis,
  taxBasisOf,
  updateOwnerAccount,
} from '../../../services/console/owner-accounts.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const ownersRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');
  const admin = requireConsole(app.db, 'admin');
  const consoleUsers = requireConsole(app.db, 'owner', 'staff', 'admin');

  app.get(
    '/owners',
    {
      preHandler: staff,
      schema: {
        summary: "Every owner's commission rate (percent of rent after discounts) and payout details; staff, admin",
        tags: ['console: reports'],
        response: { 200: ownerAccountsResponseSchema, ...errors },
      },
    },
    async () => listOwnerAccounts(app.db),
  );

  app.get(
    '/owners/:id/account',
    {
      preHandler: consoleUsers,
      schema: {
        summary: "An owner's commission rate and payout details; staff, admin, and the owner for their own",
        tags: ['console: reports'],
        params: ownerParamsSchema,
        response: { 200: ownerAccountSchema, ...errors },
      },
    },
    async (request) => {
      const user = consoleUserOf(request);
      if (user.role === 'owner' && user.id !== request.params.id) {
        throw new DomainError('forbidden', 'An owner may read only their own account');
      }
      return getOwnerAccount(app.db, request.params.id);
    },
  );

  app.put(
    '/owners/:id/account',
    {
      preHandler: admin,
      schema: {
        summary:
          "Set an owner's commission rate and payout details (admin, audited); stays already paid keep the rate they were shared at",
        tags: ['console: reports'],
        params: ownerParamsSchema,
        body: ownerAccountUpdateSchema,
        response: { 200: ownerAccountSchema, ...errors },
      },
    },
    async (request) => updateOwnerAccount(app.db, consoleUserOf(request), request.params.id, request.body),
  );

  app.post(
    '/owners/:id/payouts',
    {
      preHandler: staff,
      schema: {
        summary:
          'Record money paid to an owner as a ledger movement (owner payable to the company bank account); once per idempotencyKey: a repeat answers 200 with the first payout',
        tags: ['console: reports'],
        params: ownerParamsSchema,
        body: ownerPayoutCreateSchema,
        response: { 200: ownerPayoutSchema, 201: ownerPayoutSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await recordOwnerPayout(app.db, consoleUserOf(request), request.params.id, request.body);
      return reply.code(outcome.created ? 201 : 200).send(outcome.payout);
    },
  );

  app.get(
    '/settings/tax-basis',
    {
      preHandler: staff,
      schema: {
        summary:
          "The company's basis for the monthly tax return: the month the nights were stayed ('stay', the default) or paid ('payment'); staff, admin",
        tags: ['console: reports'],
        response: { 200: taxBasisSettingSchema, ...errors },
      },
    },
    async () => ({ basis: await taxBasisOf(app.db) }),
  );

  app.put(
    '/settings/tax-basis',
    {
      preHandler: staff,
      schema: {
        summary: "Set the company's basis for the monthly tax return (staff, admin, audited)",
        tags: ['console: reports'],
        body: taxBasisSettingSchema,
        response: { 200: taxBasisSettingSchema, ...errors },
      },
    },
    async (request) => ({ basis: await setTaxBasis(app.db, consoleUserOf(request), request.body.basis) }),
  );

  return Promise.resolve();
};

export default ownersRoutes;
