// Which head metadata a page navigation gets, so crawlers and link previews
// see a home's title, description, image and structured data without running
// the SPA. The values come from @sas/domain, the same rules the browser uses.
import type { Database } from '@sas/db';
import {
  findPageRoute,
  isCanonicalPropertyParam,
  notFoundPageMeta,
  notFoundPropertyMeta,
  parsePropertyRef,
  propertyPageMeta,
  propertyPath,
  staticPageMeta,
  type PageMeta,
} from '@sas/domain';
import type { DetailsCache } from './details-cache.js';

export type PageResolution =
  | {
      /** 404 for a home that does not exist, or an address that is no page of the site (the not-found page). */
      statusCode: 200 | 404;
      meta: PageMeta;
    }
  | {
      /** The canonical URL (path and the query as requested) of a home named otherwise. */
      redirect: string;
    };

const propertyPathPattern = /^\/property\/([^/]+)\/?$/;

export interface PageSources {
  db: Database;
  detailsCache: DetailsCache;
}

/**
 * Head metadata of the page at `url` (path and query as requested), or null
 * for a page without its own (reservation, payment, …), which keeps the
 * defaults of index.html; a 404 for an address that is no page. `origin` is the public site, never the Host header,
 * so a forged Host cannot end up in canonical URLs.
 */
export async function resolvePageMeta(
  { detailsCache }: PageSources,
  url: string,
  origin: string,
): Promise<PageResolution | null> {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  const property = propertyPathPattern.exec(path);
  if (property) {
    // parsePropertyRef decodes the parameter (keeping it raw when it cannot be
    // decoded) exactly as the API and the SPA do, so all three agree.
    const param = property[1] ?? '';
    const cached = await detailsCache.get(parsePropertyRef(param));
    if (!cached) return { statusCode: 404, meta: notFoundPropertyMeta(path, origin) };
    // A UUID, a listing number, a literal-rule variant or another spelling of
    // the slug: one URL per home, the stay in the query kept (the browser keeps the hash).
    if (!isCanonicalPropertyParam(param, cached.details.slug)) {
      return { redirect: propertyPath(cached.details.slug) + url.slice(path.length).split('#', 1)[0] };
    }
    return { statusCode: 200, meta: propertyPageMeta(cached.details, origin) };
  }
  // No page of the one list lives here: the not-found page, answered honestly with a 404.
  if (findPageRoute(path) === null) return { statusCode: 404, meta: notFoundPageMeta(path, origin) };
  const meta = staticPageMeta(url, origin);
  return meta ? { statusCode: 200, meta } : null;
}
