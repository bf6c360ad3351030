// Server rendering of the public pages (ADR 020): loads the web app's
// server bundle (apps/web/dist-server/entry-server.js, built by `npm run
// build`) and streams a page as the document's head, then the HTML React
// renders into #root, then the data the browser hydrates from.
import { existsSync } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { SiteConfig } from '@sas/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The part of entry-server.tsx the server calls. */
interface ServerEntry {
  setServerTransport(serverFetch: typeof fetch, origin: string): void;
  renderPage(
    request: Request,
  ): Promise<{ pipe: (destination: NodeJS.WritableStream) => void; dataScript: string } | null>;
}

export interface ServerRenderer {
  /**
   * The page in `shell` (index.html with its head) with its content rendered
   * in, as a stream; or null to send the shell as it is (the page is left to
   * the browser).
   */
  render(request: FastifyRequest, shell: string): Promise<{ stream: Readable } | null>;
}

/** The app's element in index.html, empty as built. */
export const rootElement = '<div id="root"></div>';

/**
 * Answers the web app's API requests in the process, without a network hop:
 * the page's data comes through the same routes, caches and checks as the
 * browser's requests do.
 */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

/** Where the web app's env.ts looks for the server's settings while rendering (serverSiteConfigKey). */
const siteConfigKey = '__sasSiteConfig';

export async function loadServerRenderer(
  app: FastifyInstance,
  entryPath: string,
  siteConfig: SiteConfig = {},
): Promise<ServerRenderer | null> {
  if (!existsSync(entryPath)) {
    app.log.warn(`No server-rendering bundle at ${entryPath}: pages are rendered in the browser.`);
    return null;
  }
  // Read once when the bundle loads: the chat and map settings are the
  // process's, and the pages must render as the browser will with them.
  (globalThis as Record<string, unknown>)[siteConfigKey] = siteConfig;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  entry.setServerTransport(injectFetch(app), 'http://in-process');

  return {
    async render(request, shell) {
      const at = shell.indexOf(rootElement);
      if (at === -1) return null;
      let page;
      try {
        page = await entry.renderPage(new Request(new URL(request.url, 'http://localhost')));
      } catch (err) {
        // The browser renders the page itself, as it did before server rendering.
        request.log.error({ err }, 'server rendering failed; sending the page to render in the browser');
        return null;
      }
      if (page === null) return null;
      const head = `${shell.slice(0, at)}<div id="root">`;
      const tail = `</div>${page.dataScript}${shell.slice(at + rootElement.length)}`;
      // React ends its destination when the page is done; the document's end follows.
      const stream = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          done(null, chunk);
        },
        flush(done) {
          done(null, tail);
        },
      });
      stream.push(head);
      page.pipe(stream);
      return { stream };
    },
  };
}
