// /api/admin reviews: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const reviewsRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default reviewsRoutes;
