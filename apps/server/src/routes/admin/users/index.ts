// /api/admin users: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const usersRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default usersRoutes;
