// /api/admin calendar: filled in by the console work (issue 14).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const calendarRoutes: FastifyPluginAsyncZod = () => Promise.resolve();

export default calendarRoutes;
