// Catalogue endpoints of SPEC.md section 7 under /api/properties. Handlers
// parse input, call the catalogue service and shape the answer; the rules
// live in @sas/domain and src/services/catalog.ts.
import {
  collectionNameSchema,
  collectionNames,
  collectionQuerySchema,
  defaultPageSize,
  errorBodySchema,
  nearbyPlaceSchema,
  parsePropertyRef,
  propertyCardListSchema,
  propertyDetailsSchema,
  homeNotFoundMessage,
} from '@sas/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectionPageJson } from '../../services/catalog-cache.js';
import { listNearbyPlaces } from '../../services/catalog.js';
import { resolvePropertyRef } from '../../services/property-ref.js';

/**
 * Sends text that is already JSON (the caches serialise each home and card
 * once): Fastify sends a string with a JSON content type, or its UTF-8 bytes
 * (the search keeps its answers so), as it is.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export const propertyNotFound = { message: homeNotFoundMessage } as const;

export function unknownCollectionMessage(name: string): string {
  return `Unknown collection '${name}'. Choose one of ${collectionNames.join(', ')}.`;
}

const propertyRoutes: FastifyPluginAsyncZod = (app) => {
  // The home's UUID, listing number or slug (resolvePropertyRef), through the details cache.
  app.get(
    '/search/:idOrSlugValue',
    {
      schema: {
        params: z.object({ idOrSlugValue: z.string() }),
        response: { 200: propertyDetailsSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const cached = await app.detailsCache.get(parsePropertyRef(request.params.idOrSlugValue));
      if (!cached) return reply.code(404).send(propertyNotFound);
      return sendJsonText(reply, cached.json);
    },
  );

  app.get(
    '/:id/nearby-places',
    {
      schema: {
        // The home's UUID, listing number or slug (resolvePropertyRef).
        params: z.object({ id: z.string() }),
        response: { 200: z.array(nearbyPlaceSchema), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const home = await resolvePropertyRef(app.db, request.params.id);
      const places = home ? await listNearbyPlaces(app.db, home.id) : null;
      if (!places) return reply.code(404).send(propertyNotFound);
      return places;
    },
  );

  app.get(
    '/collection/:collection',
    {
      schema: {
        // Checked in the handler, not here: an unknown collection is a missing
        // resource (404), not a malformed request (400).
        params: z.object({ collection: z.string() }),
        querystring: collectionQuerySchema,
        response: { 200: propertyCardListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const collection = collectionNameSchema.safeParse(request.params.collection);
      if (!collection.success) {
        return reply.code(404).send({ message: unknownCollectionMessage(request.params.collection) });
      }
      const { page, size } = request.query;
      // Without paging the whole collection comes back (the browser applies
      // its own limit of 12); with either parameter the other gets its default.
      const paging =
        page === undefined && size === undefined ? undefined : { page: page ?? 0, size: size ?? defaultPageSize };
      // From the catalogue cache: the stored card texts of the page, joined (ADR 018).
      const { json, total } = collectionPageJson(await app.catalogCache.current(), collection.data, paging);
      void reply.header('x-total-count', String(total));
      return sendJsonText(reply, json);
    },
  );

  return Promise.resolve();
};

export default propertyRoutes;
