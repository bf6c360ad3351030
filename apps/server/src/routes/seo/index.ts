// What search engines and link previews fetch besides the pages themselves:
// the sitemap, robots.txt and the social image of each home.
import { readFile } from 'node:fs/promises';
import { errorBodySchema, propertyPath, sitePages, slugify } from '@sas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findSocialImageSource, listPropertySlugs } from '../../services/catalog.js';
import { createSocialImages } from '../../services/social-image.js';

export interface SeoRoutesOptions {
  /** The public site, e.g. https://summitandshore.example, without a trailing slash. */
  publicUrl: string;
  /** DATA_DIR/media: main photos are read from here, social images cached under social/. */
  mediaDir: string;
}

/** Paths that are private to a visitor's booking; crawling them is useless. */
export const disallowedPaths = ['/api/', '/reservation', '/reservations', '/payment', '/booking-confirmation'];

/** Social images change only when a home's name or main photo does; a month is safe with revalidation by ETag. */
export const socialImageCacheControl = 'public, max-age=2592000';
const sitemapCacheControl = 'public, max-age=3600';

export const socialImageNotFound = { message: 'Social image not found' } as const;

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => xmlEscapes[ch] ?? ch);
}

export function renderSitemap(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  const rules = disallowedPaths.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/** Longer than any slug we make; anything longer is not worth a lookup. */
const maxSlugLength = 200;

/** The slug in "bear-den-lodge.jpg", or null unless it is a canonical slug. */
function slugOfImageFile(file: string): string | null {
  const match = /^(.+)\.jpg$/.exec(file);
  const slug = match?.[1];
  // Only canonical slugs (letters, digits, single dashes) ever reach the file
  // system, so the name cannot climb out of the cache directory.
  if (slug === undefined || slug.length > maxSlugLength || slugify(slug) !== slug) return null;
  return slug;
}

const seoRoutes: FastifyPluginAsyncZod<SeoRoutesOptions> = (app, { publicUrl, mediaDir }) => {
  const socialImages = createSocialImages(mediaDir, app.log);

  app.get('/sitemap.xml', async (_request, reply) => {
    const slugs = await listPropertySlugs(app.db);
    const urls = [
      // An alias (/about) is the same page as its canonical path: listed once.
      // Account pages (noindex) are not listed at all.
      ...sitePages
        .filter((page) => page.canonicalPath === undefined && !page.noindex)
        .map((page) => publicUrl + page.path),
      ...slugs.map((slug) => publicUrl + propertyPath(slug)),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', sitemapCacheControl)
      .send(renderSitemap(urls));
  });

  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', sitemapCacheControl).send(renderRobots(publicUrl)),
  );

  // More specific than the /media/* static files, so this route answers.
  app.get(
    '/media/social/:file',
    {
      schema: {
        params: z.object({ file: z.string() }),
        // The JPEG is a Buffer, which Fastify sends as it is, past any serializer.
        response: { 200: z.instanceof(Buffer), 304: z.void(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const slug = slugOfImageFile(request.params.file);
      const source = slug === null ? null : await findSocialImageSource(app.db, slug);
      if (slug === null || source === null) return reply.code(404).send(socialImageNotFound);

      const image = await socialImages.get(slug, source);
      const etag = `"${image.version}"`;
      void reply.header('cache-control', socialImageCacheControl).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/jpeg').send(await readFile(image.path));
    },
  );

  return Promise.resolve();
};

export default seoRoutes;
