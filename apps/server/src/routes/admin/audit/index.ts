// /api/admin audit: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const auditRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default auditRoutes;
