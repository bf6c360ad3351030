// Page loads get index.html with the page's head metadata rendered in, so
// crawlers and link previews see it without running the SPA.
import { rm } from 'node:fs/promises';
import { insertProperty } from '@sas/db/testing';
import { maxStructuredReviews, propertyDetailsSchema, type PropertyDetails } from '@sas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTempFiles, type TestApp } from '../test/helper.js';

const origin = 'https://summitandshore.example';

// Shaped like the real build: a title and description of its own to replace.
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Book vacation homes in Breckenridge, Colorado and on Michigan's lakeshore directly with Summit & Shore."
    />
    <title>Summit &amp; Shore | Vacation Rentals in Breckenridge &amp; Michigan</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await createTempFiles({ 'index.html': indexHtml });
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: origin });
});

afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
}

async function details(ref: string): Promise<PropertyDetails> {
  const response = await t.app.inject({ url: `/api/properties/search/${ref}` });
  expect(response.statusCode).toBe(200);
  return propertyDetailsSchema.parse(response.json());
}

/** The seeded home with the most visible reviews: it has a rating and more reviews than the page data may list. */
async function reviewedHome(): Promise<PropertyDetails> {
  const homes = await Promise.all(t.catalog.properties.map((p) => details(p.slug)));
  const best = homes.sort((a, b) => b.reviews - a.reviews)[0];
  if (!best || best.reviews <= maxStructuredReviews) throw new Error('the seed has no home with over 5 reviews');
  return best;
}

function count(html: string, pattern: RegExp): number {
  return html.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
}

/** Content of the one `<meta {key}="{id}">` of the page. */
function metaContent(html: string, key: 'name' | 'property', id: string): string | undefined {
  const tags = html.match(
    new RegExp(`<meta ${key}="${id.replace(/[.:]/g, '\\$&')}" content="([^"]*)" data-page-meta>`, 'g'),
  );
  expect(tags?.length ?? 0, id).toBeLessThanOrEqual(1);
  return tags?.[0] ? /content="([^"]*)"/.exec(tags[0])?.[1] : undefined;
}

function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)" data-page-meta>/.exec(html)?.[1];
}

function title(html: string): string | undefined {
  return /<title data-page-meta>([^<]*)<\/title>/.exec(html)?.[1];
}

function jsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json" data-page-meta>([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] ?? '') as Record<string, unknown>;
}

describe('property page head', () => {
  it('has the title, description, canonical URL, Open Graph and Twitter tags of the home', async () => {
    const home = await reviewedHome();
    const name = home.public_name ?? home.name;
    const response = await page(`/property/${home.slug}?checkin=2026-01-10&checkout=2026-01-14`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;

    // The built title and description are replaced, never duplicated.
    expect(count(html, /<title\b/)).toBe(1);
    expect(count(html, /<meta\s+name="description"/)).toBe(1);
    expect(html).not.toContain('Vacation Rentals in Breckenridge');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).toContain('<div id="root"></div>');

    const escapedName = name.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(title(html)).toBe(`${escapedName} | Summit &amp; Shore`);
    const url = `${origin}/property/${home.slug}`;
    expect(canonical(html)).toBe(url);
    expect(metaContent(html, 'name', 'description')?.length).toBeGreaterThan(0);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Summit &amp; Shore');
    expect(metaContent(html, 'property', 'og:title')).toBe(`${escapedName} | Summit &amp; Shore`);
    expect(metaContent(html, 'property', 'og:description')).toBe(metaContent(html, 'name', 'description'));
    expect(metaContent(html, 'property', 'og:url')).toBe(url);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${origin}/media/social/${home.slug}.jpg`);
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
    expect(metaContent(html, 'property', 'og:image:alt')).toContain(escapedName);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:title')).toBe(`${escapedName} | Summit &amp; Shore`);
    expect(metaContent(html, 'name', 'twitter:description')).toBe(metaContent(html, 'name', 'description'));
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`${origin}/media/social/${home.slug}.jpg`);
    expect(metaContent(html, 'name', 'robots')).toBeUndefined();

    // Every injected tag is marked, so the SPA can swap them on navigation.
    const head = html.slice(0, html.indexOf('</head>'));
    for (const tag of head.match(
      /<(?:title|meta (?:name|property)="(?:og|twitter):[^"]*"|link rel="canonical")[^>]*>/g,
    ) ?? []) {
      expect(tag).toContain('data-page-meta');
    }
  });

  it('describes the home as a schema.org VacationRental', async () => {
    const home = await reviewedHome();
    const ld = jsonLd((await page(`/property/${home.slug}`)).body);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('VacationRental');
    expect(ld.name).toBe(home.public_name ?? home.name);
    expect(ld.identifier).toBe(home.propertyId);
    expect(ld.image).toEqual(home.images.map((path) => `${origin}${path}`));
    expect((ld.image as string[]).length).toBeGreaterThan(0);
    expect(ld.latitude).toBe(home.coordinates.lat);
    expect(ld.longitude).toBe(home.coordinates.lng);
    expect(ld.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: home.coordinates.lat,
      longitude: home.coordinates.lng,
    });
    expect(ld.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: home.city,
      addressRegion: home.state,
      addressCountry: home.country,
    });
    expect(ld.containsPlace).toMatchObject({
      '@type': 'Accommodation',
      occupancy: { maxValue: home.maxGuests },
      numberOfBedrooms: home.bedrooms,
      numberOfBathroomsTotal: home.bathrooms,
      floorSize: { value: home.area, unitCode: 'FTK' },
    });
    const amenities = (ld.containsPlace as { amenityFeature: unknown[] }).amenityFeature;
    expect(amenities).toHaveLength(home.amenities.length);
    expect(amenities[0]).toEqual({
      '@type': 'LocationFeatureSpecification',
      name: home.amenities[0]?.item,
      value: true,
    });

    // Rated from the reviews a visitor can see, as the API counts them.
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: home.rating,
      ratingCount: home.reviews,
      bestRating: 5,
    });
    const reviews = ld.review as { reviewBody: string; author: { name: string }; datePublished?: string }[];
    expect(reviews).toHaveLength(maxStructuredReviews);
    expect(reviews.map((r) => r.reviewBody)).toEqual(
      home.reviewsData.slice(0, maxStructuredReviews).map((r) => r.reviewText),
    );
    for (const review of reviews) {
      expect(review.author.name.length).toBeGreaterThan(0);
      if (review.datePublished !== undefined) expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('gives a home without reviews no rating', async () => {
    const home = await insertProperty(t.db, { publicName: 'Quiet Unreviewed Cabin', slug: 'quiet-unreviewed-cabin' });
    const ld = jsonLd((await page(`/property/${home.slug}`)).body);
    expect(ld.name).toBe('Quiet Unreviewed Cabin');
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
  });

  it('sends every other name of a home to its slug URL with a 301, keeping the query', async () => {
    const home = await reviewedHome();
    const query = '?checkin=2031-01-10&checkout=2031-01-14&adults=2';
    for (const name of [
      home.id,
      home.id.toUpperCase(),
      home.propertyId,
      home.propertyId.toLowerCase(),
      home.slug.toUpperCase(),
    ]) {
      for (const [asked, kept] of [
        [`/property/${name}${query}`, query],
        [`/property/${name}`, ''],
      ] as const) {
        const response = await page(asked);
        expect(response.statusCode, asked).toBe(301);
        expect(response.headers.location, asked).toBe(`/property/${home.slug}${kept}`);
        // Where a home lives follows its name: browsers must not keep the redirect for ever.
        expect(response.headers['cache-control'], asked).toBe('no-cache');
      }
    }
  });

  it('sends a slug built by the literal slug rule to the canonical slug URL', async () => {
    // SPEC.md's "remove punctuation" joins Ski-in/Ski-out into ski-inski-out; our slug keeps a dash.
    const home = t.catalog.properties.find((p) => p.publicName === 'One Ski Hill Place – Peak 8 Ski-in/Ski-out');
    expect(home?.slug).toBe('one-ski-hill-place-peak-8-ski-in-ski-out');
    const response = await page('/property/one-ski-hill-place-peak-8-ski-inski-out?checkin=2031-01-10#reviews');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/property/${home?.slug}?checkin=2031-01-10`);
    // The canonical URL itself is the page.
    const canonicalPage = await page(String(response.headers.location));
    expect(canonicalPage.statusCode).toBe(200);
    expect(canonical(canonicalPage.body)).toBe(`${origin}/property/${home?.slug}`);
  });

  it('answers an unknown home with 404, the app and noindex', async () => {
    for (const url of ['/property/no-such-home-anywhere', '/property/3b241101-e2bb-4255-8caf-4136c566a962']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const html = response.body;
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<meta name="robots" content="noindex" data-page-meta>');
      expect(title(html), url).toBe('Property Not Found | Summit &amp; Shore');
      expect(count(html, /<title\b/), url).toBe(1);
      expect(canonical(html), url).toBeUndefined();
      expect(html, url).not.toContain('application/ld+json');
    }
  });

  it('answers an address that is no page of the site with 404, the not-found title and noindex', async () => {
    for (const url of ['/no-such-page', '/collections/nope', '/property', '/administrator', '/trips/SAS-1/extra?x=1']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(metaContent(response.body, 'name', 'robots'), url).toBe('noindex');
      expect(title(response.body), url).toBe('Page not found | Summit &amp; Shore');
    }
    // Every page of the list, and an alias, is still a page.
    for (const url of ['/about', '/search/results', '/admin/reservations/SAS-AB12CD', '/trips/SAS-AB12CD']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });

  it('escapes a name with markup and quotes everywhere it appears', async () => {
    const evil = `Bob's "Best" </title><script>alert(1)</script> & <b>Co</b>`;
    const home = await insertProperty(t.db, {
      publicName: evil,
      slug: 'bobs-best-script-co',
      summary: `"Quoted" summary with </script><script>alert(2)</script> in it`,
    });
    const response = await page(`/property/${home.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>Co</b>');
    expect(html).not.toContain('"Best"');
    expect(title(html)).toBe(
      'Bob&#39;s &quot;Best&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;Co&lt;/b&gt; | Summit &amp; Shore',
    );
    expect(metaContent(html, 'property', 'og:title')).toBe(title(html));
    // The JSON-LD block cannot be closed early and still reads back as the real name.
    const ld = jsonLd(html);
    expect(ld.name).toBe(evil);
    expect(ld.description).toBe(home.summary);
  });
});

describe('static page head', () => {
  it('preloads nothing on a collection page: its cards and photos are in the server-rendered HTML', async () => {
    expect((await page('/collections/properties?collection=luxury')).body).not.toContain('rel="preload"');
  });

  it('gives listed pages their title, description and canonical URL', async () => {
    const cases = [
      ['/', 'Summit &amp; Shore', `${origin}/`],
      ['/collections', 'Collections | Summit &amp; Shore', `${origin}/collections`],
      [
        '/collections/properties?collection=michigan',
        'Michigan Collection | Summit &amp; Shore',
        `${origin}/collections/properties?collection=michigan`,
      ],
      ['/search/results?category=all', 'Our Listings | Summit &amp; Shore', `${origin}/search/results?category=all`],
    ] as const;
    for (const [url, expectedTitle, expectedCanonical] of cases) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(title(response.body), url).toBe(expectedTitle);
      expect(canonical(response.body), url).toBe(expectedCanonical);
      expect(count(response.body, /<meta\s+name="description"/), url).toBe(1);
      expect(metaContent(response.body, 'name', 'description')?.length, url).toBeGreaterThan(0);
    }
  });

  it('titles the account pages and asks crawlers not to index them', async () => {
    for (const url of ['/login?redirectTo=%2Freservations', '/signup', '/reset-password?token=abc', '/dashboard']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(metaContent(response.body, 'name', 'robots'), url).toBe('noindex');
      expect(canonical(response.body), url).toBeUndefined();
    }
    expect(title((await page('/login')).body)).toBe('Login | Summit &amp; Shore');
  });

  it('leaves other pages as built', async () => {
    for (const url of ['/payment', '/reservation', '/collections/properties?collection=penthouses']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
    }
  });
});

describe('caching of pages', () => {
  it('revalidates every page and tags each rendered document with its own ETag', async () => {
    const home = await reviewedHome();
    const property = await page(`/property/${home.slug}`);
    const listing = await page('/search/results?category=all');
    const plain = await page('/payment');
    for (const response of [property, listing, plain]) expect(response.headers['cache-control']).toBe('no-cache');
    const etags = new Set([property.headers.etag, listing.headers.etag, plain.headers.etag]);
    expect(etags.size).toBe(3);

    const again = await page(`/property/${home.slug}`, { 'if-none-match': String(property.headers.etag) });
    expect(again.statusCode).toBe(304);
    // The same ETag on another page's request does not match that page's document.
    const other = await page('/search/results?category=all', { 'if-none-match': String(property.headers.etag) });
    expect(other.statusCode).toBe(200);
  });

  it('changes the ETag when the home changes', async () => {
    const home = await insertProperty(t.db, { publicName: 'Before Rename', slug: 'rename-me-home' });
    const before = await page(`/property/${home.slug}`);
    const { properties } = await import('@sas/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.update(properties).set({ publicName: 'After Rename' }).where(eq(properties.id, home.id));
    // An edit made in this process clears the details cache (other processes see it within its time to live).
    t.app.detailsCache.clear();
    const after = await page(`/property/${home.slug}`, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(title(after.body)).toBe('After Rename | Summit &amp; Shore');
  });
});

describe('content security policy of a property page', () => {
  it('lets the trusted tour and booking frames load, and no other frame', async () => {
    const home = await reviewedHome();
    const csp = String((await page(`/property/${home.slug}`)).headers['content-security-policy']);
    const frameSrc = csp.split(';').find((directive) => directive.startsWith('frame-src '));
    expect(frameSrc).toBe("frame-src 'self' https://my.matterport.com https://booking.summitandshore.example");
  });
});
