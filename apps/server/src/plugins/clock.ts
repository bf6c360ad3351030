// The app's clock as `app.clock`: what "now" is for the rules that depend on
// it (refund tiers, concierge deadlines). The wall clock, unless TEST_CLOCK
// is on (browser journeys, loopback only): then a request may carry
// `x-test-clock-days: N` to be answered as if N days had passed, so a journey
// can cancel "40 days before check-in" a booking it made a moment ago, while
// journeys running beside it keep the wall clock. Database timestamps (holds,
// the outbox) keep the database's own clock.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env.js';

export interface Clock {
  /** Now, for this request. */
  now(request?: FastifyRequest): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const testClockHeader = 'x-test-clock-days';
const dayMs = 86_400_000;

export default fp<{ env: Pick<Env, 'TEST_CLOCK'> }>(
  (app, { env }, done) => {
    if (env.TEST_CLOCK) app.log.warn(`TEST_CLOCK is on: requests may move the clock with ${testClockHeader}`);
    app.decorate('clock', {
      now(request) {
        const days = env.TEST_CLOCK ? Number(request?.headers[testClockHeader] ?? 0) : 0;
        const offset = Number.isFinite(days) && Math.abs(days) <= 3650 ? days * dayMs : 0;
        return new Date(Date.now() + offset);
      },
    });
    done();
  },
  { name: 'clock', fastify: '5.x' },
);
