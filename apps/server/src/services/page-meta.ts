// Which head metadata a page navigation gets, so crawlers and link previews
// see a home's title, description, image and structured data without running
// the SPA. The values come from @sas/domain, the same rules the browser uses.
import type { Database } from '@sas/db';
import { notFoundPropertyMeta, parsePropertyRef, propertyPageMeta, staticPageMeta, type PageMeta } from '@sas/domain';
import { findPropertyByRef } from './catalog.js';

export interface PageResolution {
  /** 404 for a home that does not exist; the SPA still renders its not-found state. */
  statusCode: 200 | 404;
  meta: PageMeta;
}

const propertyPathPattern = /^\/property\/([^/]+)\/?$/;

/**
 * Head metadata of the page at `url` (path and query as requested), or null
 * for a page without its own (login, reservation, …), which keeps the
 * defaults of index.html. `origin` is the public site, never the Host header,
 * so a forged Host cannot end up in canonical URLs.
 */
export async function resolvePageMeta(db: Database, url: string, origin: string): Promise<PageResolution | null> {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  const property = propertyPathPattern.exec(path);
  if (property) {
    // parsePropertyRef decodes the parameter (keeping it raw when it cannot be
    // decoded) exactly as the API and the SPA do, so all three agree.
    const details = await findPropertyByRef(db, parsePropertyRef(property[1] ?? ''));
    return details
      ? { statusCode: 200, meta: propertyPageMeta(details, origin) }
      : { statusCode: 404, meta: notFoundPropertyMeta(path, origin) };
  }
  const meta = staticPageMeta(url, origin);
  return meta ? { statusCode: 200, meta } : null;
}
