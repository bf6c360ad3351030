// /api/admin/properties (issue 14 section 2): the homes, published or not.
// Owners, staff and admins read (an owner only their homes); staff and admins
// change them, publishing and unpublishing included. A home's door code is
// read and changed by staff and admins only (never shown to owners). `{id}` is the home's
// UUID, listing number or slug.
import {
  DomainError,
  adminPropertyDetailsSchema,
  adminPropertyListSchema,
  adminPropertyParamsSchema,
  adminPropertyPatchSchema,
  adminPropertySchema,
  errorBodySchema,
  homeNotFoundMessage,
} from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidateHome } from '../../../services/cache-bus.js';
import { findPropertyById } from '../../../services/catalog.js';
import { consoleUserOf, requireConsole } from '../../../lib/console-guard.js';
import {
  isPublished,
  listAdminProperties,
  loadAdminProperty,
  requireConsoleHome,
  updateAdminProperty,
} from '../../../services/console/homes.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const propertiesRoutes: FastifyPluginAsyncZod = (app) => {
  const readers = requireConsole(app.db, 'owner', 'staff', 'admin');
  const editors = requireConsole(app.db, 'staff', 'admin');

  app.get(
    '/properties',
    {
      preHandler: readers,
      schema: {
        summary: "The homes: every one for staff and admins, published or not; an owner's own for an owner",
        tags: ['console: homes'],
        response: { 200: adminPropertyListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listAdminProperties(app.db, consoleUserOf(request)),
  );

  app.get(
    '/properties/:id',
    {
      preHandler: readers,
      schema: {
        summary: 'One home, published or not (an owner: only their own; 404 otherwise)',
        tags: ['console: homes'],
        params: adminPropertyParamsSchema,
        response: { 200: adminPropertySchema, ...errors },
      },
    },
    async (request) => {
      const user = consoleUserOf(request);
      const home = await requireConsoleHome(app.db, user, request.params.id);
      const found = await loadAdminProperty(app.db, home.id, user);
      if (!found) throw new DomainError('not_found', homeNotFoundMessage);
      return found;
    },
  );

  app.get(
    '/properties/:id/details',
    {
      preHandler: readers,
      schema: {
        summary:
          "A home's public details, published or not, with `published`: for showing an unpublished home to the console",
        tags: ['console: homes'],
        params: adminPropertyParamsSchema,
        response: { 200: adminPropertyDetailsSchema, ...errors },
      },
    },
    async (request) => {
      const home = await requireConsoleHome(app.db, consoleUserOf(request), request.params.id);
      const [details, published] = await Promise.all([
        findPropertyById(app.db, home.id, { includeUnpublished: true }),
        isPublished(app.db, home.id),
      ]);
      if (!details || published === null) throw new DomainError('not_found', homeNotFoundMessage);
      return { ...details, published };
    },
  );

  app.patch(
    '/properties/:id',
    {
      preHandler: editors,
      schema: {
        summary: 'Change any subset of a home\'s editable fields, "published" included (staff, admin)',
        tags: ['console: homes'],
        params: adminPropertyParamsSchema,
        body: adminPropertyPatchSchema,
        response: { 200: adminPropertySchema, 400: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = consoleUserOf(request);
      const home = await requireConsoleHome(app.db, user, request.params.id);
      const updated = await updateAdminProperty(app.db, user, home.id, request.body);
      // The triggers tell every process; this makes this one's caches drop the home before the answer.
      await invalidateHome(app.cacheBus, home.id);
      return updated;
    },
  );

  return Promise.resolve();
};

export default propertiesRoutes;
