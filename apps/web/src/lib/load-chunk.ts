import { chunkLoadTimeoutMs } from '@sas/domain';

/** A code chunk that did not arrive in time; the route error boundary offers a retry. */
export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/**
 * Wraps a dynamic import so that it fails after `timeoutMs` (SPEC.md section 9:
 * chunk load timeout 120 s). A download that hangs would otherwise leave a
 * first visit on the loading overlay, or a link click pending, forever; failing
 * it puts the route's error boundary and its Try again button on screen, as a
 * download that fails outright already does.
 */
export function loadWithin<T>(load: () => Promise<T>, timeoutMs: number = chunkLoadTimeoutMs): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new ChunkLoadTimeoutError(`The page's code did not load within ${timeoutMs / 1000} s.`));
      }, timeoutMs);
      load()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
}
