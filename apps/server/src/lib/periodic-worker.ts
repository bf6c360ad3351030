// A background job run on an interval, one run at a time, that can be asked
// to run soon (poke) and stopped cleanly: stop() waits for the run in
// progress, so the database is never closed under it. Each run is handed
// "now" from the worker's clock (the app's clock in the plugins), and
// runOnce(at) runs it as if it were `at`: the test jobs endpoint walks the
// whole system through time with it (issue 28).
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicWorker {
  /** The job's name, as logged and as the test jobs endpoint reports it. */
  readonly name: string;
  start(): void;
  /** Runs the job soon; several pokes during a run cause one more run, not many. */
  poke(): void;
  /** Stops the timer and waits for the run in progress, if any. */
  stop(): Promise<void>;
  /** Waits for the run in progress, then runs the job once as if it were `now`; its error is thrown. */
  runOnce(now: Date): Promise<void>;
}

export interface PeriodicWorkerOptions {
  name: string;
  intervalMs: number;
  run: (now: Date) => Promise<unknown>;
  log: FastifyBaseLogger;
  /** What "now" is for a timed run; the wall clock unless given (plugins pass the app's clock). */
  now?: () => Date;
}

export function createPeriodicWorker({
  name,
  intervalMs,
  run,
  log,
  now = () => new Date(),
}: PeriodicWorkerOptions): PeriodicWorker {
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
    running = run(now())
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
    name,
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
    async runOnce(at) {
      while (running) await running;
      const once = run(at).then(() => undefined);
      running = once
        .catch(() => undefined)
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            schedule(0);
          }
        });
      await once;
    },
  };
}
