// /api/admin rates: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const ratesRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default ratesRoutes;
