// Google Vacation Rentals' background jobs (issue 27, ADR 044) as
// `app.google`: the ARI push worker, every 15 seconds and poked whenever this
// process hears that stays or rates changed, so a change reaches Google well
// within the minute; and the nightly price-accuracy twin. Created here,
// started by server.ts, so tests run them when they choose.
import fp from 'fastify-plugin';
import { createPeriodicWorker, type PeriodicWorker } from '../lib/periodic-worker.js';
import { pushDueHomes } from '../services/google/ari.js';
import { nightlyTwin } from '../services/google/twin.js';

export interface GoogleJobs {
  push: PeriodicWorker;
  twin: PeriodicWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    google: GoogleJobs;
  }
}

const pushIntervalMs = 15_000;
const twinCheckIntervalMs = 60 * 60_000;
const pokingTables = new Set([
  'stays',
  'property_rates',
  'seasonal_rates',
  'properties',
  'property_collections',
  'tax_jurisdictions',
  'property_tax_lines',
]);

export default fp(
  (app, _options, done) => {
    const push = createPeriodicWorker({
      name: 'google-ari',
      intervalMs: pushIntervalMs,
      run: (now) => pushDueHomes(app.db, { url: app.env.GOOGLE_ARI_URL, partnerKey: app.env.GOOGLE_PARTNER_KEY }, now),
      now: () => app.clock.now(),
      log: app.log,
    });
    const twin = createPeriodicWorker({
      name: 'google-twin',
      intervalMs: twinCheckIntervalMs,
      run: async (now) => {
        const report = await nightlyTwin(
          app.db,
          { companyInbox: app.env.COMPANY_INBOX_EMAIL, publicUrl: app.env.PUBLIC_URL },
          now,
        );
        if (report && report.mismatches.length > 0) app.mailer.outbox.poke();
      },
      now: () => app.clock.now(),
      log: app.log,
    });
    const unsubscribe = app.cacheBus.subscribe((event) => {
      if (event.kind === 'reset' || pokingTables.has(event.table)) push.poke();
    });
    app.decorate('google', { push, twin });
    app.addHook('onClose', async () => {
      unsubscribe();
      await Promise.all([push.stop(), twin.stop()]);
    });
    done();
  },
  { name: 'google', fastify: '5.x', dependencies: ['db', 'env', 'mailer', 'clock'] },
);
