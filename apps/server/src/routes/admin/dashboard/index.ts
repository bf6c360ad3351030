// /api/admin dashboard: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const dashboardRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default dashboardRoutes;
