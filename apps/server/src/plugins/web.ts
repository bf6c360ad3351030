// Serves the built SPA (apps/web/dist) and the generated photos (DATA_DIR/media).
// Vite puts content-hashed files under /assets, and photo file names never
// change content, so both are cached for a year; index.html must be revalidated
// on every load so a new deploy reaches visitors immediately. Each page load
// gets index.html with that page's head metadata (title, description, social
// tags, structured data) rendered in, so crawlers need not run the SPA.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { text } from 'node:stream/consumers';
import fastifyStatic from '@fastify/static';
import {
  appFilesElementId,
  mediaBasePath,
  pageRedirects,
  shellLoadingHtml,
  type PageMeta,
  type SiteConfig,
} from '@sas/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml, injectPageMeta } from '../lib/head.js';
import { injectSiteConfig } from '../lib/site-config.js';
import { isRenderedPage, readViteManifest, routeFiles, type ViteManifest } from '../lib/vite-manifest.js';
import { acceptsBrotli, createPageCompressor } from '../lib/page-compression.js';
import { loadServerRenderer, rootElement, type ServerRenderer } from '../lib/server-render.js';
import { readMediaFile } from '../services/console/photos.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers with the SPA's index.html (or the "not built" page) so the
     * client-side router can render the path. A method of the instance, not
     * the reply, because Fastify's pre-routing error path builds bare replies.
     */
    sendAppShell(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

export interface WebPluginOptions {
  /** The Vite build output, holding index.html and assets/. */
  webDist: string;
  /** DATA_DIR/media, served at /media/. */
  mediaDir: string;
  /** In production a missing build is a deployment error, not something to paper over. */
  production: boolean;
  /**
   * Head metadata and status of the page a navigation asks for, or where it
   * permanently lives instead (`redirect`, a path with the query to keep);
   * null keeps index.html as built. Without it every page gets the plain index.html.
   */
  resolvePage?: (request: FastifyRequest) => Promise<PageAnswer | null>;
  /** Runtime settings of the browser app (chat script, map), rendered into every page. */
  siteConfig?: SiteConfig;
  /**
   * The server-rendering bundle (apps/web/dist-server/entry-server.js, ADR 020).
   * Default: beside webDist. Without it (or with `false`) pages are sent as the
   * shell and the browser renders them, as in development.
   */
  serverEntry?: string | false;
}

/** What resolvePage says about a page: its head and status, or its canonical URL. */
export type PageAnswer = { statusCode: number; meta: PageMeta } | { redirect: string };

export /** Where social sign-in's popup lands (SPEC.md section 7). */
const oauthRedirectPath = '/oauth-redirect';

const immutableCacheControl = 'public, max-age=31536000, immutable';
const assetsPath = '/assets';

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * True for a page navigation the SPA router should answer: a GET/HEAD outside
 * the API, media and asset paths, for something that is not a file
 * (/favicon.ico, /x.js.map), from a client that takes HTML.
 */
export function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (isUnder(path, '/api') || isUnder(path, mediaBasePath) || isUnder(path, assetsPath)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (/\.[a-z0-9]{1,8}$/i.test(lastSegment)) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

const notBuiltPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Summit &amp; Shore - web app not built</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Summit &amp; Shore</h1>
<p>The API is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build</code> in the repository root, then restart the server
(or use <code>npm run dev</code> for the Vite dev server).</p>
</body>
</html>
`;

interface Shell {
  body: string;
  etag: string;
}

function shellOf(body: string): Shell {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

export default fp<WebPluginOptions>(
  async (app, { webDist, mediaDir, production, resolvePage, siteConfig, serverEntry }) => {
    const root = resolve(webDist);
    const indexPath = join(root, 'index.html');
    const assetsDir = join(root, 'assets') + sep;

    let loadShell: () => Promise<Shell>;
    const built = existsSync(indexPath);
    if (built) {
      // In production the build cannot change under a running server, so
      // index.html is read once; in development a rebuild shows up at once.
      const readShell = async () => shellOf(injectSiteConfig(await readFile(indexPath, 'utf8'), siteConfig));
      const cached = production ? await readShell() : undefined;
      loadShell = async () => cached ?? (await readShell());
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        // "/" and other directories are pages, sent by sendAppShell through
        // the not-found handler; never a listing or a 403.
        index: false,
        redirect: false,
        list: false,
        dotfiles: 'ignore',
        allowedPath: (pathName) => !pathName.endsWith('/'),
        cacheControl: false,
        // The build writes .br and .gz copies at maximum compression (ADR 015);
        // files without them are compressed on the fly as before.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          void reply.header('cache-control', filePath.startsWith(assetsDir) ? immutableCacheControl : 'no-cache');
        },
      });
    } else {
      if (production) {
        throw new Error(
          `The web app is not built: ${indexPath} does not exist. Run \`npm run build\` first, or set WEB_DIST to the build output.`,
        );
      }
      app.log.warn(`No web build in ${root}: pages show a "run npm run build" notice. The API works as usual.`);
      const placeholder = shellOf(notBuiltPage);
      loadShell = () => Promise.resolve(placeholder);
    }

    const pageCompressor = createPageCompressor();
    const manifest: ViteManifest | null = built ? await readViteManifest(root) : null;
    const renderer: ServerRenderer | null =
      built && serverEntry !== false
        ? await loadServerRenderer(app, serverEntry ?? join(root, '..', 'dist-server', 'entry-server.js'), siteConfig)
        : null;

    /** The build's CSS files by path, read once each (the build cannot change under a running server). */
    const cssText = new Map<string, Promise<string>>();
    const readCss = (file: string) => {
      let text = cssText.get(file);
      if (text === undefined) {
        text = readFile(join(root, file), 'utf8');
        if (production) cssText.set(file, text);
      }
      return text;
    };

    /**
     * The route's own code and styles announced in the head: without them the
     * browser discovers them only after the entry chunk has run, one round
     * trip later, which delays the page's largest paint.
     *
     * Every page's styles are written into the head, so its first paint waits
     * for no other request (on a phone, each stylesheet's response is a task
     * of its own before the page can paint: a tap on Reserve, which loads the
     * reservation page, waited on five). Each inlined file keeps a disabled
     * link (which the browser does not fetch) so that the app's own loader,
     * which looks for a file's link before adding it, does not load the styles
     * again.
     *
     * A page's JavaScript is not announced but listed, as inert JSON, for
     * main.tsx to ask for all at once (ADR 048): a page rendered here paints
     * from its HTML alone (ADR 029), and its code waits until the main photos
     * are there; a page sent as the shell asks at once, after its first paint
     * (a phone spends a few milliseconds on each announced file before it
     * paints: thirty held the reservation page's first paint after Reserve).
     */
    async function withRouteFiles(html: string, request: FastifyRequest): Promise<string> {
      if (!manifest) return html;
      const url = new URL(request.url, 'http://localhost');
      const files = routeFiles(manifest, url.pathname, url.searchParams);
      const rendered = renderer !== null && isRenderedPage(url.pathname);
      if (!rendered && files.css.length === 0 && files.js.length === 0) return html;
      const shellCss: string[] = [];
      const withoutLinks = html.replace(
        /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">\s*/g,
        (_, file: string) => {
          shellCss.push(file);
          return '';
        },
      );
      const styles = await Promise.all(
        [...new Set([...shellCss, ...files.css])].map(async (file) => {
          const css = (await readCss(file)).replace(/<\/style/gi, '<\\/style');
          return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" disabled>`;
        }),
      );
      // JSON in a script element is never run; `<` is escaped so no file name could end it.
      const appFiles = `<script type="application/json" id="${appFilesElementId}">${JSON.stringify(files.js).replace(/</g, '\\u003c')}</script>`;
      const withFiles = withoutLinks.replace(/<\/head\s*>/i, `  ${[...styles, appFiles].join('\n    ')}\n  </head>`);
      // A shell shows the app's loading overlay until the app replaces it (React clears the element it renders into).
      return rendered ? withFiles : withFiles.replace(rootElement, `<div id="root">${shellLoadingHtml}</div>`);
    }

    /**
     * The page's own document, or the plain shell when it has no metadata or
     * looking it up failed, or the URL to send the visitor to instead.
     */
    async function pageDocument(
      request: FastifyRequest,
      shell: Shell,
    ): Promise<{ statusCode: number; shell: Shell } | { redirect: string }> {
      if (!resolvePage) return { statusCode: 200, shell };
      try {
        const page = await resolvePage(request);
        if (page && 'redirect' in page) return page;
        // The "not built" notice is for developers, not a page of the site.
        if (!built) return { statusCode: 200, shell };
        const body = page ? injectPageMeta(shell.body, page.meta) : shell.body;
        const withFiles = await withRouteFiles(body, request);
        if (withFiles === shell.body) return { statusCode: 200, shell };
        return { statusCode: page?.statusCode ?? 200, shell: shellOf(withFiles) };
      } catch (err) {
        // The SPA loads its data itself and shows its own error state, so a
        // failed lookup costs only the head tags, not the page.
        request.log.error({ err }, 'could not resolve the page metadata');
        return { statusCode: 200, shell };
      }
    }

    app.decorate('sendAppShell', async (request: FastifyRequest, reply: FastifyReply) => {
      const document = await pageDocument(request, await loadShell());
      if ('redirect' in document) {
        // Permanent for search engines, but revalidated by browsers: where a
        // home lives follows its name, which the catalogue may change.
        void reply.header('cache-control', 'no-cache');
        return reply.redirect(document.redirect, 301);
      }
      const { statusCode, shell } = document;
      const path = request.url.split('?', 1)[0] ?? '/';
      if (renderer !== null && isRenderedPage(path)) {
        const rendered = await renderer.render(request, shell.body);
        if (rendered !== null) {
          void reply.code(statusCode).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
          if (!acceptsBrotli(request.headers['accept-encoding'])) return reply.send(rendered.stream);
          // Rendered in full before the first byte anyway (onAllReady): read whole, it can be sent best-compressed.
          const html = await text(rendered.stream);
          const best = pageCompressor.best(html);
          if (best === null) return reply.send(html);
          return reply.header('content-encoding', 'br').header('vary', 'accept-encoding').send(best);
        }
      }
      // The ETag is of the rendered document, so a changed home (new name,
      // new reviews) is never answered with a stale 304.
      void reply.header('cache-control', 'no-cache').header('etag', shell.etag);
      // The social sign-in popup ends here after visiting the provider, another
      // origin: with any opener policy the browser would cut the popup off from
      // the sign-in page, which then never hears the result.
      if (request.url.split('?', 1)[0] === oauthRedirectPath)
        void reply.header('cross-origin-opener-policy', 'unsafe-none');
      if (statusCode === 200 && request.headers['if-none-match'] === shell.etag) return reply.code(304).send();
      return reply.code(statusCode).type('text/html; charset=utf-8').send(shell.body);
    });

    // Old addresses of a page (the one list of pages, @sas/domain pages.ts): a permanent move.
    for (const [from, to] of Object.entries(pageRedirects)) {
      app.get(from, (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(query === -1 ? to : to + request.url.slice(query), 301);
      });
    }

    // The seeder writes photos here; an empty directory on a fresh DATA_DIR is fine.
    await mkdir(mediaDir, { recursive: true });
    await app.register(
      async (media) => {
        await media.register(fastifyStatic, {
          root: resolve(mediaDir),
          prefix: '/',
          decorateReply: false,
          index: false,
          redirect: false,
          list: false,
          dotfiles: 'ignore',
          allowedPath: (pathName) => !pathName.endsWith('/'),
          cacheControl: false,
          setHeaders: (reply) => {
            void reply.header('cache-control', immutableCacheControl);
          },
        });
        // A photo not on this process's disk may be an upload: those live in
        // the database so that every process serves them (ADR 022).
        media.setNotFoundHandler(async (request, reply) => {
          // Stored names are plain ASCII, so the raw path is compared as it is, never decoded.
          const name = (request.url.split('?', 1)[0] ?? '').slice(mediaBasePath.length + 1);
          const file =
            (request.method === 'GET' || request.method === 'HEAD') && app.hasDecorator('db')
              ? await readMediaFile(app.db, name)
              : null;
          if (!file) return reply.code(404).send({ message: 'Not found' });
          return reply
            .header('cache-control', immutableCacheControl)
            .header('x-content-type-options', 'nosniff')
            .type(file.contentType)
            .send(file.bytes);
        });
      },
      { prefix: mediaBasePath },
    );
  },
  { name: 'web', fastify: '5.x' },
);
