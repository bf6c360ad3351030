import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkLoadTimeoutMs } from '@sas/domain';
import { ChunkLoadTimeoutError, loadWithin } from './load-chunk';

describe('loadWithin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a chunk that has not arrived after 120 s, and not a moment before', async () => {
    vi.useFakeTimers();
    const outcome = vi.fn<(result: unknown) => void>();
    loadWithin(() => new Promise<never>(() => {}))().catch(outcome);

    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1);
    expect(chunkLoadTimeoutMs).toBe(120_000);
    expect(outcome).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadTimeoutError));
  });

  it('passes on a chunk that arrives in time, and its failure', async () => {
    vi.useFakeTimers();
    const module = { Component: () => null };
    await expect(loadWithin(() => Promise.resolve(module))()).resolves.toBe(module);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadWithin(() => Promise.reject(failure))()).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});
