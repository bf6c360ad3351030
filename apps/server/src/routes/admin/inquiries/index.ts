// /api/admin inquiries: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const inquiriesRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default inquiriesRoutes;
