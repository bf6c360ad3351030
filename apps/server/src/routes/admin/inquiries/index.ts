// /api/admin/inquiries (issue 14 section 6): owner inquiries from the
// Management page, with a status and notes. Staff and admins.
import {
  adminInquiryListSchema,
  adminInquiryQuerySchema,
  adminInquirySchema,
  errorBodySchema,
  updateInquiryRequestSchema,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import { listInquiries, updateInquiry } from '../../../services/console/inquiries.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema };
export const inquiryNotFoundMessage = 'Inquiry not found';

const inquiriesRoutes: FastifyPluginAsyncZod = (app) => {
  const staff = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/inquiries',
    {
      preHandler: staff,
      schema: {
        summary: 'Owner inquiries, newest first, optionally of one status; staff, admin',
        tags: ['console: inquiries'],
        querystring: adminInquiryQuerySchema,
        response: { 200: adminInquiryListSchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => listInquiries(app.db, request.query),
  );

  app.patch(
    '/inquiries/:id',
    {
      preHandler: staff,
      schema: {
        summary: "Set an inquiry's status (new, contacted, closed) and/or notes; staff, admin",
        tags: ['console: inquiries'],
        params: z.object({ id: z.uuid({ error: 'id must be an inquiry id (UUID)' }) }),
        body: updateInquiryRequestSchema,
        response: { 200: adminInquirySchema, 400: errorBodySchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const inquiry = await updateInquiry(app.db, consoleUserOf(request), request.params.id, request.body);
      if (!inquiry) return reply.code(404).send({ message: inquiryNotFoundMessage });
      return inquiry;
    },
  );

  return Promise.resolve();
};

export default inquiriesRoutes;
