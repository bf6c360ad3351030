// /api/admin/promotions and /api/admin/properties/{id}/discounts (issue 26):
// promo codes with their redemptions, and a home's automatic discounts.
// Staff and admins only: owners see their calendars, reservations and
// statements, not the company's pricing tools. Every write is audited in its
// transaction.
import {
  adminDiscountsSchema,
  adminPromotionCreateSchema,
  adminPromotionListSchema,
  adminPromotionParamsSchema,
  adminPromotionPatchSchema,
  adminPromotionSchema,
  adminPropertyParamsSchema,
  adminRedemptionListSchema,
  collectionNames,
  errorBodySchema,
  returningGuestOfferSchema,
} from '@sas/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { invalidateRates } from '../../../services/cache-bus.js';
import { recordAudit } from '../../../services/console/audit.js';
import { requireConsoleHome } from '../../../services/console/homes.js';
import {
  createPromotion,
  deletePromotion,
  getCollectionDiscounts,
  getHomeDiscounts,
  getPromotion,
  getReturningGuestOffer,
  listPromotions,
  listRedemptions,
  replaceCollectionDiscounts,
  replaceHomeDiscounts,
  replaceReturningGuestOffer,
  updatePromotion,
  type AuditWrite,
} from '../../../services/promotions/admin.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['console: promotions'];

const promotionsRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');
  const auditBy =
    (request: FastifyRequest): AuditWrite =>
    (tx, entry) =>
      recordAudit(tx, consoleUserOf(request), entry);

  app.get(
    '/promotions',
    {
      preHandler: staff,
      schema: {
        summary:
          'Every promo code (not deleted), newest first, with its uses, bookings, revenue and discount given; staff, admin',
        tags,
        response: { 200: adminPromotionListSchema, ...errors },
      },
    },
    async () => ({ promotions: await listPromotions(app.db) }),
  );

  app.post(
    '/promotions',
    {
      preHandler: staff,
      schema: {
        summary:
          'Create a promo code (percent or dollars off the nights); 409 when the code exists in any case; staff, admin',
        tags,
        body: adminPromotionCreateSchema,
        response: { 201: adminPromotionSchema, 400: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createPromotion(app.db, request.body, auditBy(request));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/promotions/:id',
    {
      preHandler: staff,
      schema: {
        summary: 'One promo code; staff, admin',
        tags,
        params: adminPromotionParamsSchema,
        response: { 200: adminPromotionSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => getPromotion(app.db, request.params.id),
  );

  app.patch(
    '/promotions/:id',
    {
      preHandler: staff,
      schema: {
        summary:
          "Change a promo code's fields (null clears a limit); `status: 'paused'` pauses it, 'active' resumes it; staff, admin",
        tags,
        params: adminPromotionParamsSchema,
        body: adminPromotionPatchSchema,
        response: { 200: adminPromotionSchema, 400: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => updatePromotion(app.db, request.params.id, request.body, auditBy(request)),
  );

  app.delete(
    '/promotions/:id',
    {
      preHandler: staff,
      schema: {
        summary: 'Delete a promo code: it stops working at once; bookings made with it keep their price; staff, admin',
        tags,
        params: adminPromotionParamsSchema,
        response: { 204: z.void(), 400: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await deletePromotion(app.db, request.params.id, auditBy(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/promotions/:id/redemptions',
    {
      preHandler: staff,
      schema: {
        summary: "A promo code's uses: bookings made with it (total, discount) and payments under way; staff, admin",
        tags,
        params: adminPromotionParamsSchema,
        response: { 200: adminRedemptionListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => ({ redemptions: await listRedemptions(app.db, request.params.id) }),
  );

  app.get(
    '/properties/:id/discounts',
    {
      preHandler: staff,
      schema: {
        summary: "A home's automatic discounts (percent; null or 0 is off); staff, admin",
        tags,
        params: adminPropertyParamsSchema,
        response: { 200: adminDiscountsSchema, ...errors },
      },
    },
    async (request) => {
      const home = await requireConsoleHome(app.db, consoleUserOf(request), request.params.id);
      return getHomeDiscounts(app.db, home.id);
    },
  );

  app.put(
    '/properties/:id/discounts',
    {
      preHandler: staff,
      schema: {
        summary:
          "Replace a home's automatic discounts (what GET answers); new quotes only, bookings keep their price; staff, admin",
        tags,
        params: adminPropertyParamsSchema,
        body: adminDiscountsSchema,
        response: { 200: adminDiscountsSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const home = await requireConsoleHome(app.db, consoleUserOf(request), request.params.id);
      const saved = await replaceHomeDiscounts(app.db, home.id, request.body, auditBy(request));
      // Every process's rate tables (which carry the discounts) read the home again.
      await invalidateRates(app.cacheBus, home.id);
      return saved;
    },
  );

  const collectionParams = z.object({
    name: z.enum(collectionNames, { error: `name is one of ${collectionNames.join(', ')}` }),
  });

  app.get(
    '/collections/:name/discounts',
    {
      preHandler: staff,
      schema: {
        summary: "A collection's automatic discounts, for its homes without their own; staff, admin",
        tags,
        params: collectionParams,
        response: { 200: adminDiscountsSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => getCollectionDiscounts(app.db, request.params.name),
  );

  app.put(
    '/collections/:name/discounts',
    {
      preHandler: staff,
      schema: {
        summary:
          "Replace a collection's automatic discounts (what GET answers); its homes without their own take them for new quotes; staff, admin",
        tags,
        params: collectionParams,
        body: adminDiscountsSchema,
        response: { 200: adminDiscountsSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const saved = await replaceCollectionDiscounts(app.db, request.params.name, request.body, auditBy(request));
      // Every home of the collection may have changed: every process reads the rate tables again.
      await invalidateRates(app.cacheBus);
      return saved;
    },
  );

  app.get(
    '/promotions/returning-guests',
    {
      preHandler: staff,
      schema: {
        summary:
          'The returning-guest offer: whether a guest is offered a personal single-use code after a stay, its percentage and the days it stays valid (off until set); staff, admin',
        tags,
        response: { 200: returningGuestOfferSchema, ...errors },
      },
    },
    async () => getReturningGuestOffer(app.db),
  );

  app.put(
    '/promotions/returning-guests',
    {
      preHandler: staff,
      schema: {
        summary: 'Replace the returning-guest offer (what GET answers); audited; staff, admin',
        tags,
        body: returningGuestOfferSchema,
        response: { 200: returningGuestOfferSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => replaceReturningGuestOffer(app.db, request.body, auditBy(request)),
  );

  return Promise.resolve();
};

export default promotionsRoutes;
