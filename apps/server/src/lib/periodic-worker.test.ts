import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createPeriodicWorker } from './periodic-worker.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

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
    await new Promise((r) => setTimeout(r, 20));
    // Not started: a poke does nothing (tests drain by hand).
    expect(runs).toBe(0);

    worker.start();
    await vi.waitFor(() => expect(runs).toBe(1));
    worker.poke();
    worker.poke();
    const first = gate;
    gate = deferred();
    first.resolve();
    await vi.waitFor(() => expect(runs).toBe(2));

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(runs).toBe(2);
  });

  it('logs a failed run and keeps going', async () => {
    let runs = 0;
    const worker = createPeriodicWorker({
      name: 'failing',
      intervalMs: 5,
      run: () => {
        runs += 1;
        return Promise.reject(new Error('boom'));
      },
      log,
    });
    worker.start();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2));
    await worker.stop();
    expect(log.error).toHaveBeenCalled();
  });
});
