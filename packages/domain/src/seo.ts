// Page metadata (SPEC.md section 3 "Page metadata", section 9): the title,
// description, canonical URL, social image and structured data of a page. The
// server renders them into the HTML it sends, so crawlers and link previews
// see them without running JavaScript; the browser sets the same values on
// client-side navigation.
import type { PropertyDetails } from './catalog.js';
import { companyName, socialImageHeight, socialImageWidth } from './constants.js';
import { collectionNames, collectionTitles } from './collection-names.js';
import { propertyDisplayName } from './display.js';
import { allPageRoutes, normalisePagePath, notFoundPageRoute, pathMatches, type PageHead } from './pages.js';
import { maxStructuredReviews, reviewerDisplayName } from './reviews.js';
import { truncate } from './text.js';

export interface PageImage {
  /** Absolute URL. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageMeta {
  /** The full document title, company name included. */
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  image?: PageImage;
  type: 'website' | 'article';
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

/** Search engines show about this many characters of a description. */
export const metaDescriptionLength = 160;

export const siteName = companyName;

export const defaultDescription =
  'Book vacation homes in Breckenridge, Colorado and on the Michigan shore directly with Summit & Shore: best rate guarantee, transparent pricing and local concierge services.';

const aboutDescription =
  'Meet Summit & Shore: a local team in Breckenridge and on the Michigan shore caring for vacation homes and their guests. Our office, mission and values.';

/**
 * The description of each titled address of the list of pages (pages.ts),
 * by address: kept here, with the rest of the head, so the browser's router
 * does not carry them. A test holds every titled page to having one.
 */
export const pageDescriptions: Readonly<Record<string, string>> = {
  '/': defaultDescription,
  '/collections':
    'Browse the Summit & Shore collections: Essentials, Resort, Luxury and Michigan Stays vacation homes, booked direct.',
  ...Object.fromEntries(
    collectionNames.map((collection) => [
      `/collections/properties?collection=${collection}`,
      `Vacation homes of the Summit & Shore ${collectionTitles[collection]}, booked direct at the best rate.`,
    ]),
  ),
  '/search/results?category=all':
    'Every Summit & Shore vacation home in Colorado and Michigan, with photos, amenities and reviews.',
  '/login': 'Sign in to your Summit & Shore account to book and manage your stays.',
  '/signup': 'Create a Summit & Shore account to book faster and keep your stays in one place.',
  '/forgot-password': 'Get a link to reset the password of your Summit & Shore account.',
  '/reset-password': 'Choose a new password for your Summit & Shore account.',
  '/password-reset-success': 'Your Summit & Shore password has been reset.',
  '/dashboard': 'Your Summit & Shore account and stays.',
  '/accept-invite': 'Choose the password of your Summit & Shore console account.',
  '/account/security': 'Two-step sign-in for Summit & Shore staff accounts.',
  '/trips': 'Your Summit & Shore bookings: find one by its code and e-mail, see it and cancel it.',
  '/tasks': 'The turnover tasks given to you: homes, windows and checklists.',
  '/review': 'Tell us how your Summit & Shore stay went: a review from the guest who stayed.',
  '/about-us': aboutDescription,
  '/concierge':
    'Private chefs, wellness, ski rentals, grocery delivery, transport and local experiences arranged by the Summit & Shore concierge for your stay.',
  '/management':
    'Vacation rental management in Breckenridge and on the Michigan shore: marketing, guest care, housekeeping and maintenance. Ask for a rental projection.',
  '/policies':
    'Summit & Shore guest policies: privacy, cancellation and refunds, damage deposit, fees, payment instalments, age requirement and penalties.',
  '/rental-agreement':
    'The Summit & Shore rental agreement every guest accepts when booking: payments and installments, cancellation, the security deposit, the age rule, house rules and penalties.',
};

/** "Bear Den Lodge | Summit & Shore"; a bare site name when there is no page name. */
export function pageTitle(name: string): string {
  return name === '' ? siteName : `${name} | ${siteName}`;
}

export const notFoundPropertyTitle = pageTitle('Property Not Found');

export function propertyPath(slug: string): string {
  return `/property/${encodeURIComponent(slug)}`;
}

/** Path of the generated 1200x630 link-preview image of a home. */
export function socialImagePath(slug: string): string {
  return `/media/social/${encodeURIComponent(slug)}.jpg`;
}

/** "https://example.com/" and "https://example.com" both give "https://example.com". */
function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** Absolute form of a site-relative URL; absolute URLs are kept. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${trimOrigin(origin)}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Whitespace collapsed, then shortened for a meta description. */
export function metaDescription(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), metaDescriptionLength);
}

function propertyDescription(p: PropertyDetails, name: string): string {
  const fromText = metaDescription(p.summary) || metaDescription(p.description);
  if (fromText !== '') return fromText;
  const place = [p.city, p.state].filter((part) => part.trim() !== '').join(', ');
  return metaDescription(`${name}: a ${p.bedrooms}-bedroom vacation rental${place === '' ? '' : ` in ${place}`}.`);
}

/** A valid calendar date written as ISO "YYYY-MM-DD" (optionally with a time), as "YYYY-MM-DD"; else null. */
function isoDate(raw: string | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\S*)?$/.exec(raw?.trim() ?? '');
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  if (y === undefined || m === undefined || d === undefined) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  const valid = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return valid ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/**
 * schema.org VacationRental of one home, following Google's vacation-rental
 * structured-data guidance: its required properties (containsPlace with
 * occupancy, identifier, image, latitude, longitude, name) plus description,
 * address, geo, rating and up to five reviews.
 */
export function buildPropertyJsonLd(p: PropertyDetails, origin: string): Record<string, unknown> {
  const name = propertyDisplayName(p);
  const url = absoluteUrl(origin, propertyPath(p.slug));
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    '@id': url,
    url,
    identifier: p.propertyId,
    name,
    description: p.summary.trim() || p.description.trim() || undefined,
    image: p.images.map((image) => absoluteUrl(origin, image)),
    latitude: p.coordinates.lat,
    longitude: p.coordinates.lng,
    geo: { '@type': 'GeoCoordinates', latitude: p.coordinates.lat, longitude: p.coordinates.lng },
    address: {
      '@type': 'PostalAddress',
      addressLocality: p.city,
      addressRegion: p.state,
      addressCountry: p.country,
    },
    brand: { '@type': 'Brand', name: siteName },
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      // Google reads the guest limit from `value`; schema.org's own reading of
      // an occupancy limit is `maxValue`. Both say the same number.
      occupancy: { '@type': 'QuantitativeValue', value: p.maxGuests, maxValue: p.maxGuests },
      numberOfBedrooms: p.bedrooms,
      numberOfBathroomsTotal: p.bathrooms,
      floorSize: { '@type': 'QuantitativeValue', value: p.area, unitCode: 'FTK' },
      amenityFeature: p.amenities.map((amenity) => ({
        '@type': 'LocationFeatureSpecification',
        name: amenity.item,
        value: true,
      })),
    },
  };
  // Google rejects a rating that no visible review backs.
  if (p.reviews >= 1 && p.rating !== null) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: p.rating,
      ratingCount: p.reviews,
      bestRating: 5,
    };
  }
  const reviews = p.reviewsData.slice(0, maxStructuredReviews).map((review) => {
    const published = isoDate(review.reviewedAtDate);
    return {
      '@type': 'Review',
      author: { '@type': 'Person', name: reviewerDisplayName(review.guestName, review.platform) },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 },
      reviewBody: review.reviewText,
      ...(published === null ? {} : { datePublished: published }),
    };
  });
  if (reviews.length > 0) jsonLd.review = reviews;
  // JSON.stringify drops undefined values; removing them here keeps the object
  // itself honest for callers that inspect it.
  return Object.fromEntries(Object.entries(jsonLd).filter(([, value]) => value !== undefined));
}

export function propertyPageMeta(p: PropertyDetails, origin: string): PageMeta {
  const name = propertyDisplayName(p);
  const meta: PageMeta = {
    title: pageTitle(name),
    description: propertyDescription(p, name),
    canonical: absoluteUrl(origin, propertyPath(p.slug)),
    type: 'website',
    jsonLd: buildPropertyJsonLd(p, origin),
  };
  // The social image is cut from the main photo; a home without photos has none.
  const [mainPhoto] = p.photos;
  if (mainPhoto) {
    const place = [p.city, p.state].filter((part) => part.trim() !== '').join(', ');
    meta.image = {
      url: absoluteUrl(origin, socialImagePath(p.slug)),
      width: socialImageWidth,
      height: socialImageHeight,
      alt: place === '' ? name : `${name}, ${place}`,
    };
  }
  return meta;
}

/** Meta of a home that does not exist: the SPA shows its not-found state, crawlers drop the URL. */
export function notFoundPropertyMeta(pathWithQuery: string, origin: string): PageMeta {
  return {
    title: notFoundPropertyTitle,
    description: defaultDescription,
    canonical: absoluteUrl(origin, pathWithQuery),
    type: 'website',
    noindex: true,
  };
}

/** The not-found page's head: never indexed, canonical where it was asked for. */
export function notFoundPageMeta(path: string, origin: string): PageMeta {
  return {
    title: pageTitle(notFoundPageRoute.head?.title ?? ''),
    description: defaultDescription,
    canonical: absoluteUrl(origin, path),
    type: 'website',
    noindex: true,
  };
}

export interface SitePage {
  /** Path and, where the page is chosen by it, query, exactly as linked. */
  path: string;
  /** Page name without the site name; '' for the home page. */
  title: string;
  description: string;
  /** Another path of the same page (an alias), e.g. /about for /about-us: canonical there, not in the sitemap. */
  canonicalPath?: string;
  /** Kept out of search results and the sitemap (sign-in and account pages). */
  noindex?: boolean;
}

/**
 * The pages with a head of their own, from the one list of pages (pages.ts):
 * each page's address and aliases, and its addresses chosen by a query. The
 * server renders their head tags and lists the indexable ones in the sitemap.
 */
export const sitePages: readonly SitePage[] = allPageRoutes().flatMap(({ path, head, aliases = [], variants = [] }) => {
  const described = (address: string, canonical: string, page: PageHead): SitePage => ({
    path: address,
    ...page,
    description: pageDescriptions[canonical] ?? defaultDescription,
    ...(address === canonical ? {} : { canonicalPath: canonical }),
  });
  return [
    ...(head ? [path, ...aliases].map((address) => described(address, path, head)) : []),
    ...variants.map((variant) => described(variant.path, variant.path, variant)),
  ];
});

/** Query parameters as a sorted list, so "?b=2&a=1" and "?a=1&b=2" compare equal. */
function normalisedQuery(query: string): string {
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .sort()
    .join('&');
}

function splitPath(pathWithQuery: string): { path: string; query: string } {
  const withoutHash = pathWithQuery.split('#', 1)[0] ?? '';
  const at = withoutHash.indexOf('?');
  const rawPath = at === -1 ? withoutHash : withoutHash.slice(0, at);
  // "/collections/" is the same page as "/collections".
  return { path: normalisePagePath(rawPath), query: at === -1 ? '' : normalisedQuery(withoutHash.slice(at + 1)) };
}

/**
 * The entry of `sitePages` a request path names, or null. A page listed with
 * a query matches only that query (in any order, extra parameters allowed);
 * a page listed without one matches its path whatever the query.
 */
export function findSitePage(pathWithQuery: string): SitePage | null {
  const wanted = splitPath(pathWithQuery);
  const wantedParams = new Set(wanted.query.split('&'));
  let best: SitePage | null = null;
  let bestParams = -1;
  for (const page of sitePages) {
    const listed = splitPath(page.path);
    if (listed.path !== wanted.path) continue;
    const params = listed.query === '' ? [] : listed.query.split('&');
    if (!params.every((param) => wantedParams.has(param))) continue;
    // The most specific entry wins, e.g. "?collection=luxury" over a bare path.
    if (params.length > bestParams) {
      best = page;
      bestParams = params.length;
    }
  }
  return best;
}

/**
 * Pages that belong to one person (a booking reached by its link) or to the
 * company (the console, and whatever is under it): never in search results.
 */
function privateSectionTitle(path: string): string | null {
  for (const page of allPageRoutes()) {
    if (page.privateTitle === undefined) continue;
    const prefix = page.path.split('/:', 1)[0] ?? page.path;
    if (pathMatches(page.path, path) || path.startsWith(`${prefix}/`)) return page.privateTitle;
  }
  return null;
}

/** Head metadata of a static page of `sitePages` or a private section, or null for any other path. */
export function staticPageMeta(pathWithQuery: string, origin: string): PageMeta | null {
  const page = findSitePage(pathWithQuery);
  if (!page) {
    const { path } = splitPath(pathWithQuery);
    const section = privateSectionTitle(path);
    if (section === null) return null;
    return {
      title: pageTitle(section),
      description: defaultDescription,
      canonical: absoluteUrl(origin, path),
      type: 'website',
      noindex: true,
    };
  }
  return {
    title: pageTitle(page.title),
    description: page.description,
    canonical: absoluteUrl(origin, page.canonicalPath ?? page.path),
    type: 'website',
    ...(page.noindex ? { noindex: true } : {}),
  };
}

const scriptUnsafe: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text that can sit inside a `<script type="application/ld+json">`: no
 * "</script>" or "<!--" can end or confuse the element, and the line
 * separators that old JavaScript parsers choke on are escaped. Parses back to
 * the same value.
 */
export function serializeJsonLd(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (ch) => scriptUnsafe[ch] ?? ch);
}

/** Marks every head tag that belongs to the current page, so navigation can swap them as a set. */
export const pageMetaAttribute = 'data-page-meta';

export interface HeadTag {
  name: 'title' | 'meta' | 'link' | 'script';
  /** Attribute values as plain text; whoever renders them escapes them. */
  attributes: Record<string, string>;
  /** Text content of a title or script element. A script's text is already safe inside <script>. */
  text?: string;
}

function metaTag(key: 'name' | 'property', id: string, content: string): HeadTag {
  return { name: 'meta', attributes: { [key]: id, content } };
}

/**
 * The head elements of a page, in document order: the server renders them
 * into index.html and the browser creates the same elements on navigation,
 * each carrying `data-page-meta`. A noindex page gets no canonical URL, as
 * search engines read noindex plus canonical as contradictory.
 */
export function pageMetaTags(meta: PageMeta): HeadTag[] {
  const tags: HeadTag[] = [
    { name: 'title', attributes: {}, text: meta.title },
    metaTag('name', 'description', meta.description),
  ];
  if (meta.noindex) tags.push(metaTag('name', 'robots', 'noindex'));
  else tags.push({ name: 'link', attributes: { rel: 'canonical', href: meta.canonical } });
  tags.push(
    metaTag('property', 'og:type', meta.type),
    metaTag('property', 'og:site_name', siteName),
    metaTag('property', 'og:title', meta.title),
    metaTag('property', 'og:description', meta.description),
  );
  if (!meta.noindex) tags.push(metaTag('property', 'og:url', meta.canonical));
  if (meta.image) {
    tags.push(
      metaTag('property', 'og:image', meta.image.url),
      metaTag('property', 'og:image:width', String(meta.image.width)),
      metaTag('property', 'og:image:height', String(meta.image.height)),
      metaTag('property', 'og:image:alt', meta.image.alt),
    );
  }
  tags.push(
    metaTag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    metaTag('name', 'twitter:title', meta.title),
    metaTag('name', 'twitter:description', meta.description),
  );
  if (meta.image) {
    tags.push(metaTag('name', 'twitter:image', meta.image.url), metaTag('name', 'twitter:image:alt', meta.image.alt));
  }
  if (meta.jsonLd) {
    tags.push({ name: 'script', attributes: { type: 'application/ld+json' }, text: serializeJsonLd(meta.jsonLd) });
  }
  for (const tag of tags) tag.attributes[pageMetaAttribute] = '';
  return tags;
}
