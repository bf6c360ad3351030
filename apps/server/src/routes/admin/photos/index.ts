// /api/admin photos: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const photosRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default photosRoutes;
