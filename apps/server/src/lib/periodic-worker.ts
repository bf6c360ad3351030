// A background job run on an interval, one run at a time, that can be asked
// to run soon (poke) and stopped cleanly: stop() waits for the run in
// progress, so the database is never closed under it.
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicWorker {
  start(): void;
  /** Runs the job soon; several pokes during a run cause one more run, not many. */
  poke(): void;
  /** Stops the timer and waits for the run in progress, if any. */
  stop(): Promise<void>;
}

export interface PeriodicWorkerOptions {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  log: FastifyBaseLogger;
}

export function createPeriodicWorker({ name, intervalMs, run, log }: PeriodicWorkerOptions): PeriodicWorker {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (delayMs: number): void => {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // A pending run must not keep the process alive after the server closed.
    timer.unref();
  };

  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    running = run()
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, worker: name }, 'background job failed'),
      )
      .finally(() => {
        running = undefined;
        const soon = again;
        again = false;
        schedule(soon ? 0 : intervalMs);
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    poke() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
