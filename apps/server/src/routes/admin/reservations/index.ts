// /api/admin reservations: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const reservationsRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default reservationsRoutes;
