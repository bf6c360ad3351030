// Server-rendered pages at brotli's best (ADR 048). A phone's connection
// starts with a window of about 14.6 kB: a page whose compressed HTML fits it
// arrives in one round trip, one that does not needs a second (150 ms on the
// slow network Lighthouse simulates) before its main photo is even asked for.
// @fastify/compress streams at quality 4, which costs a page about 2 ms;
// quality 11 takes 10-15% off a home's page but costs 100-150 ms, too slow to
// do per request. Most requests for a page get the same HTML (the same home,
// the same day's prices), so each distinct HTML is compressed once, off the
// event loop, and the next request for it is sent those bytes.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

export interface PageCompressor {
  /**
   * The HTML compressed at brotli's quality 11 if this same HTML was seen
   * before; otherwise null (the caller sends it as usual) while it is
   * compressed in the background for the next request.
   */
  best(html: string): Buffer | null;
  /** Resolves once no background compression is running (tests). */
  idle(): Promise<void>;
}

export interface PageCompressorOptions {
  /** Distinct pages kept: a home's page is about 14 kB compressed, so 500 hold about 7 MB. */
  maxEntries?: number;
  /** Compressions running at once in libuv's pool; a page beyond them is simply sent as usual. */
  maxRunning?: number;
}

export function createPageCompressor({ maxEntries = 500, maxRunning = 1 }: PageCompressorOptions = {}): PageCompressor {
  // In the order last used: a Map iterates in insertion order, and a hit is moved to the end.
  const cache = new Map<string, Buffer>();
  const running = new Map<string, Promise<void>>();

  function startCompressing(key: string, html: string) {
    const job = compress(Buffer.from(html), {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }).then(
      (bytes) => {
        cache.set(key, bytes);
        for (const oldest of cache.keys()) {
          if (cache.size <= maxEntries) break;
          cache.delete(oldest);
        }
      },
      // Nothing is lost: the page is sent at the usual compression.
      () => undefined,
    );
    running.set(
      key,
      job.finally(() => running.delete(key)),
    );
  }

  return {
    best(html) {
      const key = createHash('sha256').update(html).digest('base64url');
      const bytes = cache.get(key);
      if (bytes !== undefined) {
        cache.delete(key);
        cache.set(key, bytes);
        return bytes;
      }
      if (!running.has(key) && running.size < maxRunning) startCompressing(key, html);
      return null;
    },
    async idle() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}

/** Whether the request's Accept-Encoding takes brotli (`br`, with no q=0). */
export function acceptsBrotli(acceptEncoding: string | string[] | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  return header.split(',').some((entry) => {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name !== 'br') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
