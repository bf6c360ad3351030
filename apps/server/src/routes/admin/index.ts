// The console's API (issue 14, DESIGN.md "Running the business"): everything
// under /api/admin. Each resource is its own plugin; every route names the
// roles it admits with requireConsole (lib/console-guard.ts), which
// reads the caller's role from the database, and scopes an owner to their
// homes. Every write records an audit entry in its transaction.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireConsole } from '../../lib/console-guard.js';
import auditRoutes from './audit/index.js';
import calendarRoutes from './calendar/index.js';
import channelRoutes from './channels/index.js';
import conciergeRoutes from './concierge/index.js';
import dashboardRoutes from './dashboard/index.js';
import expensesRoutes from './expenses/index.js';
import googleRoutes from './google/index.js';
import inquiriesRoutes from './inquiries/index.js';
import messageTemplateRoutes from './message-templates/index.js';
import ledgerRoutes from './ledger/index.js';
import ownersRoutes from './owners/index.js';
import photosRoutes from './photos/index.js';
import promotionsRoutes from './promotions/index.js';
import propertiesRoutes from './properties/index.js';
import ratesRoutes from './rates/index.js';
import reportsRoutes from './reports/index.js';
import reservationsRoutes from './reservations/index.js';
import reviewsRoutes from './reviews/index.js';
import searchRoutes from './search/index.js';
import tasksRoutes from './tasks/index.js';
import taxesRoutes from './taxes/index.js';
import usersRoutes from './users/index.js';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('consoleUser', null);
  // Every console route at least needs a console account; routes narrow it further.
  const consoleAccount = requireConsole(app.db, 'owner', 'staff', 'admin');
  app.addHook('onRequest', async (request, reply) => consoleAccount.call(app, request, reply));
  await app.register(propertiesRoutes);
  await app.register(ratesRoutes);
  await app.register(photosRoutes);
  await app.register(calendarRoutes);
  await app.register(reservationsRoutes);
  await app.register(inquiriesRoutes);
  await app.register(reviewsRoutes);
  await app.register(auditRoutes);
  await app.register(usersRoutes);
  await app.register(dashboardRoutes);
  await app.register(channelRoutes);
  await app.register(conciergeRoutes);
  await app.register(searchRoutes);
  await app.register(promotionsRoutes);
  await app.register(tasksRoutes);
  await app.register(googleRoutes);
  await app.register(messageTemplateRoutes);
  await app.register(taxesRoutes);
  await app.register(ledgerRoutes);
  await app.register(reportsRoutes);
  await app.register(ownersRoutes);
  await app.register(expensesRoutes);
};

export default adminRoutes;
