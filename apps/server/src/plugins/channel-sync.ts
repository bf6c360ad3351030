// Channel sync (issue 15) as `app.channelSync`: the worker that fetches every
// due calendar feed each minute, and a sync on demand for the console's
// "Sync now". Like the payment finalizer, the worker is created here and
// started by server.ts, so tests run syncs themselves, when they choose.
import fp from 'fastify-plugin';
import { createPeriodicWorker, type PeriodicWorker } from '../lib/periodic-worker.js';
import { channelSyncDeps, syncDueFeeds, syncFeed, type SyncResult } from '../services/channels/sync.js';

export interface ChannelSync {
  /** Every minute: claims due feeds (FOR UPDATE SKIP LOCKED, a few at a time) and syncs them. */
  worker: PeriodicWorker;
  /** Fetches and applies one feed now; null when there is no such feed. */
  syncNow(feedId: string): Promise<SyncResult | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    channelSync: ChannelSync;
  }
}

/** Feeds are due every ICAL_SYNC_MINUTES; looking each minute is precise enough. */
const workerIntervalMs = 60_000;

export default fp(
  (app, _options, done) => {
    const worker = createPeriodicWorker({
      name: 'channel-sync',
      intervalMs: workerIntervalMs,
      run: (now) => syncDueFeeds(channelSyncDeps(app), now),
      now: () => app.clock.now(),
      log: app.log,
    });
    app.decorate('channelSync', {
      worker,
      syncNow: (feedId: string) => syncFeed(channelSyncDeps(app), feedId, app.clock.now()),
    });
    app.addHook('onClose', () => worker.stop());
    done();
  },
  { name: 'channel-sync', fastify: '5.x', dependencies: ['db', 'env', 'mailer', 'clock'] },
);
