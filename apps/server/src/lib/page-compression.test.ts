import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, createPageCompressor } from './page-compression.js';

/** A page-like HTML of about 90 kB, distinct per `seed`. */
function page(seed: string): string {
  const rows = Array.from(
    { length: 600 },
    (_, index) => `<li class="amenity amenity--${index % 7}">${seed} amenity ${index * 37} of the home</li>`,
  );
  return `<!doctype html><html><body><h1>${seed}</h1><ul>${rows.join('')}</ul></body></html>`;
}

describe('createPageCompressor', () => {
  it('compresses a page once in the background, then answers the same HTML with those bytes, smaller than the usual quality', async () => {
    const compressor = createPageCompressor();
    const html = page('Shock Hill');
    expect(compressor.best(html)).toBeNull();
    await compressor.idle();
    const best = compressor.best(html);
    expect(best).not.toBeNull();
    expect(brotliDecompressSync(best ?? Buffer.alloc(0)).toString()).toBe(html);
    // Smaller than @fastify/compress's quality 4.
    const usual = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(best?.length).toBeLessThan(usual.length);
    // A different page is not answered with it.
    expect(compressor.best(page('Lakeshore'))).toBeNull();
  });

  it('runs at most maxRunning compressions at once; a page beyond them is compressed when asked again', async () => {
    const compressor = createPageCompressor({ maxRunning: 1 });
    const [first, second] = [page('one'), page('two')];
    expect(compressor.best(first)).toBeNull();
    expect(compressor.best(second)).toBeNull();
    await compressor.idle();
    expect(compressor.best(first)).not.toBeNull();
    expect(compressor.best(second)).toBeNull();
    await compressor.idle();
    expect(compressor.best(second)).not.toBeNull();
  });

  it('keeps the pages last asked for, up to maxEntries', async () => {
    const compressor = createPageCompressor({ maxEntries: 2 });
    const pages = ['a', 'b', 'c'].map(page);
    for (const html of pages) {
      compressor.best(html);
      await compressor.idle();
    }
    expect(compressor.best(pages[0] ?? '')).toBeNull();
    expect(compressor.best(pages[1] ?? '')).not.toBeNull();
    expect(compressor.best(pages[2] ?? '')).not.toBeNull();
  });
});

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['BR', true],
    ['gzip, deflate', false],
    ['br;q=0', false],
    ['br;q=0.000', false],
    ['brotli', false],
    ['', false],
  ])('%j: %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });

  it('reads a header sent more than once, and no header', () => {
    expect(acceptsBrotli(['gzip', 'br'])).toBe(true);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
