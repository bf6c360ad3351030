// Which head metadata a page navigation gets, so crawlers and link previews
// see a home's title, description, image and structured data without running
// the SPA. The values come from @sas/domain, the same rules the browser uses.
import type { Database } from '@sas/db';
import {
  cardPhotoSizes,
  collectionListingPreload,
  collectionNameSchema,
  maxPageSize,
  notFoundPropertyMeta,
  parsePropertyRef,
  photoPreload,
  propertyPageMeta,
  staticPageMeta,
  type PageMeta,
} from '@sas/domain';
import { listCollection } from './catalog.js';
import type { DetailsCache } from './details-cache.js';

export interface PageResolution {
  /** 404 for a home that does not exist; the SPA still renders its not-found state. */
  statusCode: 200 | 404;
  meta: PageMeta;
}

const propertyPathPattern = /^\/property\/([^/]+)\/?$/;

export interface PageSources {
  db: Database;
  detailsCache: DetailsCache;
}

/**
 * What a collection page needs first, announced in its head: the listing
 * request and the first card's photo (the largest paint on a phone), which
 * the browser would otherwise find only after the app's code had run and
 * fetched the listing.
 */
async function collectionPreloads(db: Database, collectionParam: string | null): Promise<Record<string, string>[]> {
  const collection = collectionNameSchema.safeParse(collectionParam);
  if (!collection.success) return [];
  const { cards } = await listCollection(db, collection.data, { page: 0, size: maxPageSize });
  const firstPhoto = cards[0]?.photo;
  return [
    collectionListingPreload(collection.data, maxPageSize),
    ...(firstPhoto ? [photoPreload(firstPhoto, cardPhotoSizes)] : []),
  ];
}

/**
 * Head metadata of the page at `url` (path and query as requested), or null
 * for a page without its own (reservation, payment, …), which keeps the
 * defaults of index.html. `origin` is the public site, never the Host header,
 * so a forged Host cannot end up in canonical URLs.
 */
export async function resolvePageMeta(
  { db, detailsCache }: PageSources,
  url: string,
  origin: string,
): Promise<PageResolution | null> {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  const property = propertyPathPattern.exec(path);
  if (property) {
    // parsePropertyRef decodes the parameter (keeping it raw when it cannot be
    // decoded) exactly as the API and the SPA do, so all three agree.
    const cached = await detailsCache.get(parsePropertyRef(property[1] ?? ''));
    return cached
      ? { statusCode: 200, meta: propertyPageMeta(cached.details, origin) }
      : { statusCode: 404, meta: notFoundPropertyMeta(path, origin) };
  }
  const meta = staticPageMeta(url, origin);
  if (meta && path === '/collections/properties') {
    const preloads = await collectionPreloads(db, new URLSearchParams(url.slice(path.length)).get('collection'));
    if (preloads.length > 0) meta.preloads = preloads;
  }
  return meta ? { statusCode: 200, meta } : null;
}
