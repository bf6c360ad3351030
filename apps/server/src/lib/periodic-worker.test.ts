// The worker on fake timers (STYLE.md: tests never sleep): time moves only
// when the test moves it, so "nothing ran" means nothing was due, not that
// the machine was slow.
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicWorker } from './periodic-worker.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A worker whose run counts itself, then ends as `outcome` does. */
function countingWorker(intervalMs: number, outcome: () => Promise<void>) {
  const counted = { runs: 0 };
  const worker = createPeriodicWorker({
    name: 'counting',
    intervalMs,
    run: () => {
      counted.runs += 1;
      return outcome();
    },
    log,
  });
  return { worker, counted };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createPeriodicWorker', () => {
  it('runs at start, once more when poked during a run, and stop() waits for the run in progress', async () => {
    let runs = 0;
    let gate = deferred();
    const worker = createPeriodicWorker({
      name: 'test',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        await gate.promise;
      },
      log,
    });
    worker.poke();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    // Not started: a poke does nothing, nor does the interval (tests drain by hand).
    expect(runs).toBe(0);

    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    worker.poke();
    worker.poke();
    const first = gate;
    gate = deferred();
    first.resolve();
    // Two pokes during the run: one more run at once, not two, and not an interval later.
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    // Stopped: the interval no longer runs it.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toBe(2);
  });

  it('runs again an interval after a run, not before', async () => {
    const { worker, counted } = countingWorker(60_000, () => Promise.resolve());
    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(counted.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(counted.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(counted.runs).toBe(2);
    await worker.stop();
  });

  it('logs a failed run and keeps going', async () => {
    const { worker, counted } = countingWorker(5, () => Promise.reject(new Error('boom')));
    worker.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(counted.runs).toBe(3);
    await worker.stop();
    expect(log.error).toHaveBeenCalledTimes(3);
  });
});
