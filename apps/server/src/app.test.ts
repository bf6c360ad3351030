import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.js';
import { loadEnv } from './env.js';
import { buildTestApp, createTempFiles, type TestApp } from './test/helper.js';

let t: TestApp;
let webDist: string;
/** The app with a built SPA, a legacy host and an https public URL. */
let site: FastifyInstance;

const indexHtml =
  '<!doctype html><html lang="en"><head><title>Summit &amp; Shore</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDist = await createTempFiles({
    'index.html': indexHtml,
    'assets/app-abc123.js': 'console.info("app");\n'.repeat(200),
    'site.webmanifest': '{}',
    'assets/property-def456.js': 'export {};\n',
    'assets/property-def456.css': '.x{}\n',
    // What the build's precompression writes beside a file (apps/web/build/precompress.ts).
    'assets/app-abc123.js.br': 'brotli bytes',
    '.vite/manifest.json': JSON.stringify({
      'index.html': { file: 'assets/app-abc123.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-000.js' },
      'src/app/routes/property.tsx': {
        file: 'assets/property-def456.js',
        imports: ['_shared.js'],
        css: ['assets/property-def456.css'],
      },
      'src/app/private-routes.ts': { file: 'assets/private-routes-aaa111.js' },
      'src/app/routes/account/trips.tsx': { file: 'assets/trips-bbb222.js', imports: ['_shared.js'] },
    }),
  });
  t = await buildTestApp();
  ({ app: site } = await t.buildAnotherApp({
    WEB_DIST: webDist,
    LEGACY_HOSTS: 'book.old-summit.example,www.old-summit.example',
    PUBLIC_URL: 'https://summitandshore.example',
  }));
  await mkdir(join(t.dataDir, 'media'), { recursive: true });
  await writeFile(join(t.dataDir, 'media', 'cabin-480.webp'), Buffer.from('RIFF0000WEBPVP8 '));
});

afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

describe('API basics', () => {
  it('reports health', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths and methods with a JSON 404', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/nope' },
      { method: 'GET' as const, url: '/api' },
      { method: 'GET' as const, url: '/api/properties/search' },
      { method: 'POST' as const, url: '/api/properties/collection/resort' },
      { method: 'DELETE' as const, url: '/api/health' },
    ]) {
      // Even a browser asking for HTML gets JSON under /api.
      const response = await site.inject({ ...request, headers: { accept: 'text/html' } });
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json(), request.url).toEqual({ message: 'Not found' });
    }
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy the SPA works under, on pages and on the API', async () => {
    for (const url of ['/api/health', '/', '/collections']) {
      const response = await site.inject({ url, headers: { accept: 'text/html' } });
      const csp = response.headers['content-security-policy'];
      expect(csp, url).toBe(
        "default-src 'self';img-src 'self' data: blob:;style-src 'self' 'unsafe-inline';script-src 'self';" +
          "connect-src 'self';font-src 'self';" +
          "frame-src 'self' https://my.matterport.com https://booking.summitandshore.example;" +
          "object-src 'none';base-uri 'self';" +
          "form-action 'self';frame-ancestors 'self'",
      );
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("lets social sign-in popups keep their opener, and the popup's last page opt out", async () => {
    const page = await site.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const popup = await site.inject({ url: '/oauth-redirect', headers: { accept: 'text/html' } });
    expect(popup.statusCode).toBe(200);
    expect(popup.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it('sends HSTS only when the public URL is https', async () => {
    expect((await site.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeDefined();
    expect((await t.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('compression', () => {
  it('gzips a large JSON answer for clients that accept it', async () => {
    const url = '/api/properties/collection/essentials';
    const plain = await t.app.inject({ url });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe('legacy host', () => {
  it('moves visitors of the old host to the public URL with path and query', async () => {
    const response = await site.inject({
      url: '/property/bears-den?checkin=2025-12-20&checkout=2025-12-27&adults=2',
      headers: { host: 'book.old-summit.example:8080' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(
      'https://summitandshore.example/property/bears-den?checkin=2025-12-20&checkout=2025-12-27&adults=2',
    );
  });

  it('matches host names case-insensitively and covers the API too', async () => {
    const response = await site.inject({ url: '/api/health', headers: { host: 'WWW.Old-Summit.example' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://summitandshore.example/api/health');
  });

  it('keeps the method and body of a non-GET request with 308', async () => {
    const response = await site.inject({
      method: 'POST',
      url: '/api/properties/x/quote',
      headers: { host: 'book.old-summit.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('https://summitandshore.example/api/properties/x/quote');
  });

  it('leaves the main host alone', async () => {
    const response = await site.inject({ url: '/api/health', headers: { host: 'summitandshore.example' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('single-page app', () => {
  it("announces a route's own code and writes its styles into the served page, not the entry's again", async () => {
    const home = (await site.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    expect(home).not.toContain('modulepreload');

    const slug = t.catalog.properties[0]!.slug;
    const page = (await site.inject({ url: `/property/${slug}`, headers: { accept: 'text/html' } })).body;
    // Listed for the entry to ask for after the first paint, not announced in the head.
    expect(page).toContain('<script type="application/json" id="sas-app-files">["assets/property-def456.js"]</script>');
    expect(page).not.toContain('modulepreload');
    // The styles written in, so that the first paint waits for no request; the link kept, disabled, for the app's loader.
    expect(page).toContain(
      '<style>.x{}\n</style><link rel="stylesheet" crossorigin href="/assets/property-def456.css" disabled>',
    );
    expect(page).not.toContain('<link rel="stylesheet" crossorigin href="/assets/property-def456.css">');
    expect(page).not.toContain('shared-000.js');
    // Sent as the shell here (no server renderer): the app's loading overlay stands until the app renders.
    expect(page).toContain('<div id="root"><div class="loading-overlay" role="status"');
  });

  it('announces, for a page behind sign-in, the list of such pages the router looks its code up in', async () => {
    const page = (await site.inject({ url: '/trips', headers: { accept: 'text/html' } })).body;
    const listed = /<script type="application\/json" id="sas-app-files">([^<]*)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(listed ?? '[]')).toEqual(
      expect.arrayContaining(['assets/private-routes-aaa111.js', 'assets/trips-bbb222.js']),
    );
    const home = (await site.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    expect(home).not.toContain('private-routes');
  });

  it('serves index.html for client-side routes, revalidated on every load', async () => {
    // Pages without metadata of their own get index.html exactly as built.
    for (const url of ['/booking-confirmation', '/payment', '/reservation?step=2']) {
      const response = await site.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(indexHtml);
    }
    // Listed pages get it with their head metadata rendered in (see page-meta.test.ts).
    for (const url of ['/', '/collections/properties?collection=luxury', '/search/results?category=all', '/about-us']) {
      const response = await site.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('data-page-meta');
    }
  });

  it('answers a revalidation of index.html with 304', async () => {
    const first = await site.inject({ url: '/payment', headers: { accept: 'text/html' } });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await site.inject({
      url: '/booking-confirmation',
      headers: { accept: 'text/html', 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('still serves the app for an undecodable property URL, which the SPA handles', async () => {
    const response = await site.inject({ url: '/property/%E0%A4%A', headers: { accept: 'text/html' } });
    // No home has that name, so the SPA shows its not-found state and crawlers get a 404.
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"><div class="loading-overlay"');
    expect(response.body).toContain('<meta name="robots" content="noindex" data-page-meta>');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('caches hashed assets for a year and does not fall back for missing ones', async () => {
    const asset = await site.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/assets/app-zzz999.js', '/assets/', '/favicon.ico', '/missing.css']) {
      const missing = await site.inject({ url, headers: { accept: '*/*' } });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ message: 'Not found' });
    }
  });

  it("sends the build's Brotli copy of an asset as it is to clients that take Brotli", async () => {
    const asset = await site.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe('brotli bytes');
    const plain = await site.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.info("app")');
  });

  it('serves other build files without long-lived caching', async () => {
    const manifest = await site.inject({ url: '/site.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('gives non-HTML clients and other methods a 404 instead of the page', async () => {
    expect((await site.inject({ url: '/collections', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect(
      (await site.inject({ method: 'POST', url: '/collections', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
  });

  it('shows a "run npm run build" page when the SPA is not built (outside production)', async () => {
    const response = await t.app.inject({ url: '/property/anything', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
  });

  it('refuses to start in production without a build', async () => {
    const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: t.dataDir, WEB_DIST: join(t.dataDir, 'nothing-here') });
    await expect(buildApp({ env, db: t.db })).rejects.toThrow(/web app is not built.*npm run build/);
  });
});

describe('server-rendered pages', () => {
  /** A stand-in for the web app's server bundle: a home page of about 90 kB, the same on every request. */
  const entry = `
    export function setServerTransport() {}
    export async function renderPage() {
      const rows = Array.from({ length: 600 }, (_, i) => '<li class="amenity">Amenity ' + i * 37 + ' of the home</li>');
      return {
        pipe(destination) {
          destination.write('<h1>Mountain mornings</h1><ul>' + rows.join('') + '</ul>');
          destination.end();
        },
        dataScript: '<script type="application/json" id="sas-ssr-data">{"queries":{"mutations":[],"queries":[]}}</script>',
      };
    }
  `;

  it('sends a page it has rendered before at its best compression, and the same page to every encoding (ADR 048)', async () => {
    const root = await createTempFiles({ 'web/index.html': indexHtml, 'dist-server/entry-server.js': entry });
    try {
      const { app } = await t.buildAnotherApp({ WEB_DIST: join(root, 'web') });
      const get = (encoding: string) =>
        app.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': encoding } });
      const plain = await get('identity');
      expect(plain.body).toContain('<div id="root"><h1>Mountain mornings</h1>');
      expect(plain.body).toContain('id="sas-ssr-data"');

      const first = await get('gzip, deflate, br');
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
      // Compressed again off the event loop meanwhile: a later request gets the smaller bytes.
      await vi.waitFor(
        async () => {
          const later = await get('gzip, deflate, br');
          expect(later.headers['content-encoding']).toBe('br');
          expect(later.headers.vary).toBe('accept-encoding');
          expect(Number(later.headers['content-length'])).toBeLessThan(first.rawPayload.length);
          expect(brotliDecompressSync(later.rawPayload).toString()).toBe(plain.body);
        },
        { timeout: 5_000, interval: 50 },
      );
      const zipped = await get('gzip');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('media', () => {
  it('serves generated photos with immutable caching', async () => {
    const response = await site.inject({ url: '/media/cabin-480.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing photo', async () => {
    for (const url of ['/media/none-480.webp', '/media/', '/media']) {
      const response = await site.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found' });
    }
  });

  it('never serves a file from outside its directories', async () => {
    const urls = [
      '/media/../package.json',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fetc/passwd',
      '/..%2f..%2fetc/passwd',
    ];
    for (const url of urls) {
      const response = await site.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toMatch(/root:|"name":/);
    }
  });
});

describe('error answers', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // An app of its own: it gets extra routes that exercise the error handler.
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir, WEB_DIST: webDist });
    app = await buildApp({ env, db: t.db });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/guests',
      {
        schema: {
          body: z.object({ adults: z.number().int().min(1).max(16), email: z.email() }).strict(),
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      () => ({ ok: true }),
    );
    typed.get('/api/test/crash', () => {
      throw new Error('secret connection string postgres://u:p@h/db');
    });
    typed.get('/api/test/teapot', () => {
      throw Object.assign(new Error('Dates are not available'), { statusCode: 409 });
    });
    typed.get(
      '/api/test/bad-response',
      { schema: { response: { 200: z.object({ n: z.number() }) } } },
      () =>
        // A handler bug: the answer breaks its own schema.
        JSON.parse('{"n":"x"}') as { n: number },
    );
  });

  afterAll(async () => {
    await app?.close();
  });

  async function post(payload: string, contentType = 'application/json') {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/guests',
      headers: { 'content-type': contentType },
      payload,
    });
    return { status: response.statusCode, body: response.json<{ message: string }>() };
  }

  it('turns schema violations into 400 with a human message', async () => {
    expect(await post('{"adults":0,"email":"a@b.example"}')).toEqual({
      status: 400,
      body: { message: 'adults must be a whole number between 1 and 16' },
    });
    expect(await post('{"adults":2}')).toEqual({ status: 400, body: { message: 'email is required' } });
    expect(await post('{"adults":2,"email":"nope"}')).toEqual({
      status: 400,
      body: { message: 'email must be a valid email' },
    });
    expect(await post('{"adults":2,"email":"a@b.example","admin":true}')).toEqual({
      status: 400,
      body: { message: "Unknown field 'admin'. Allowed: adults, email." },
    });
    expect(await post('[]')).toEqual({ status: 400, body: { message: 'Request body must be a JSON object' } });
  });

  it('keeps 4xx statuses for malformed, empty, oversized and wrongly typed bodies', async () => {
    expect(await post('{"adults": 2,')).toEqual({
      status: 400,
      body: { message: 'The request body is not valid JSON' },
    });
    expect(await post('{"__proto__": {"admin": true}}')).toMatchObject({ status: 400 });
    expect((await post('')).status).toBe(400);
    expect(await post('<guests/>', 'application/xml')).toEqual({
      status: 415,
      body: { message: "Content type 'application/xml' is not supported; send the body as application/json" },
    });
    const huge = JSON.stringify({ adults: 2, email: 'a@b.example', note: 'x'.repeat(1_100_000) });
    expect(await post(huge)).toEqual({
      status: 413,
      body: { message: 'The request body is too large; the limit is 1 MB' },
    });
  });

  it('keeps the message of a deliberate 4xx', async () => {
    const response = await app.inject({ url: '/api/test/teapot' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Dates are not available' });
  });

  it('hides the details of a 5xx', async () => {
    for (const url of ['/api/test/crash', '/api/test/bad-response']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json(), url).toEqual({ message: 'Internal server error' });
    }
  });

  it('answers a malformed percent-escape in an API path with 400', async () => {
    const response = await app.inject({ url: '/api/properties/search/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/not valid/);
  });
});
