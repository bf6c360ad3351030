// /api/admin properties: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const propertiesRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default propertiesRoutes;
