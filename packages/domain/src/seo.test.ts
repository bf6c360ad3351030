import { describe, expect, it } from 'vitest';
import type { PropertyDetails, Review } from './catalog.js';
import {
  buildPropertyJsonLd,
  findSitePage,
  metaDescriptionLength,
  notFoundPropertyMeta,
  pageDescriptions,
  pageMetaAttribute,
  pageMetaTags,
  propertyPageMeta,
  serializeJsonLd,
  sitePages,
  socialImagePath,
  staticPageMeta,
} from './seo.js';
import { allPageRoutes } from './pages.js';

const origin = 'https://www.summitandshore.example';

function review(n: number, overrides: Partial<Review> = {}): Review {
  return {
    id: `rv-${n}`,
    guestName: 'Jane Doe',
    platform: 'Airbnb',
    rating: 5,
    reviewText: `Lovely stay number ${n}.`,
    reviewedAtDate: '2025-03-09',
    reviewedAtFormatted: 'March 9, 2025',
    profilePictureUrl: null,
    ...overrides,
  };
}

function home(overrides: Partial<PropertyDetails> = {}): PropertyDetails {
  return {
    id: '6f1c1a52-3b8e-4d7a-9a53-2f4f3f0c9b11',
    propertyId: 'BRK-101',
    slug: 'bear-den-lodge',
    public_name: 'Bear Den Lodge',
    name: 'BRK 101 Internal',
    summary: 'Ski-in/ski-out lodge on Peak 8 with a private hot tub.',
    description: 'A long description.',
    bedrooms: 4,
    bathrooms: 3.5,
    garages: 1,
    area: 2400,
    city: 'Breckenridge',
    state: 'CO',
    country: 'US',
    timeZone: 'America/Denver',
    pictureUrl: '/media/bear-1-960.webp',
    images: ['/media/bear-1-1600.webp', '/media/bear-2-1600.webp'],
    photos: [
      { key: 'bear-1', alt: 'Living room', width: 1600, height: 1067 },
      { key: 'bear-2', alt: 'Hot tub', width: 1600, height: 1067 },
    ],
    amenities: [
      { item: 'Hot tub', category: 'Outdoor' },
      { item: 'Wifi', category: 'Internet' },
    ],
    nearbyPlaces: [],
    reviewsData: [review(1), review(2, { rating: 4 })],
    reviews: 2,
    rating: 4.5,
    coordinates: { lat: 39.4817, lng: -106.0384 },
    bookingWidgetUrl: null,
    matterportUrl: null,
    maxGuests: 10,
    petsAllowed: false,
    collections: ['luxury'],
    fromNightly: 250,
    ageRestricted: false,
    depositAmount: 0,
    ...overrides,
  };
}

describe('propertyPageMeta', () => {
  it('titles the page with the public name and the company name', () => {
    expect(propertyPageMeta(home(), origin).title).toBe('Bear Den Lodge | Summit & Shore');
    expect(propertyPageMeta(home({ public_name: null }), origin).title).toBe('BRK 101 Internal | Summit & Shore');
  });

  it('describes the page with the summary, within 160 characters', () => {
    expect(propertyPageMeta(home(), origin).description).toBe('Ski-in/ski-out lodge on Peak 8 with a private hot tub.');
    const long = propertyPageMeta(home({ summary: 'Views of the range. '.repeat(20) }), origin).description;
    expect(long.length).toBeLessThanOrEqual(metaDescriptionLength);
    expect(long.endsWith('…')).toBe(true);
  });

  it('still has a description when the home has no text', () => {
    const meta = propertyPageMeta(home({ summary: '', description: ' ' }), origin);
    expect(meta.description).toBe('Bear Den Lodge: a 4-bedroom vacation rental in Breckenridge, CO.');
  });

  it('points the canonical URL and the social image at the slug', () => {
    const meta = propertyPageMeta(home(), `${origin}/`);
    expect(meta.canonical).toBe(`${origin}/property/bear-den-lodge`);
    expect(meta.image).toEqual({
      url: `${origin}/media/social/bear-den-lodge.jpg`,
      width: 1200,
      height: 630,
      alt: 'Bear Den Lodge, Breckenridge, CO',
    });
    expect(meta.type).toBe('website');
    expect(meta.noindex).toBeUndefined();
    expect(meta.jsonLd?.['@type']).toBe('VacationRental');
  });

  it('has no social image for a home without photos', () => {
    const meta = propertyPageMeta(home({ photos: [], images: [] }), origin);
    expect(meta.image).toBeUndefined();
  });

  it('announces nothing to preload: the photos and the details are in the server-rendered page', () => {
    const tags = pageMetaTags(propertyPageMeta(home(), origin));
    expect(tags.filter((tag) => tag.attributes.rel === 'preload')).toEqual([]);
  });
});

describe('socialImagePath', () => {
  it('is the generated JPEG under /media/social', () => {
    expect(socialImagePath('bear-den-lodge')).toBe('/media/social/bear-den-lodge.jpg');
  });
});

describe('buildPropertyJsonLd', () => {
  it('has every property Google requires of a vacation rental', () => {
    const ld = buildPropertyJsonLd(home(), origin);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VacationRental',
      identifier: 'BRK-101',
      name: 'Bear Den Lodge',
      image: [`${origin}/media/bear-1-1600.webp`, `${origin}/media/bear-2-1600.webp`],
      latitude: 39.4817,
      longitude: -106.0384,
      containsPlace: {
        '@type': 'Accommodation',
        occupancy: { '@type': 'QuantitativeValue', maxValue: 10 },
        numberOfBedrooms: 4,
        numberOfBathroomsTotal: 3.5,
        floorSize: { '@type': 'QuantitativeValue', value: 2400, unitCode: 'FTK' },
        amenityFeature: [
          { '@type': 'LocationFeatureSpecification', name: 'Hot tub', value: true },
          { '@type': 'LocationFeatureSpecification', name: 'Wifi', value: true },
        ],
      },
    });
  });

  it('adds description, address and geo coordinates', () => {
    expect(buildPropertyJsonLd(home(), origin)).toMatchObject({
      description: 'Ski-in/ski-out lodge on Peak 8 with a private hot tub.',
      address: { '@type': 'PostalAddress', addressLocality: 'Breckenridge', addressRegion: 'CO', addressCountry: 'US' },
      geo: { '@type': 'GeoCoordinates', latitude: 39.4817, longitude: -106.0384 },
    });
  });

  it('keeps absolute image URLs as they are', () => {
    const ld = buildPropertyJsonLd(home({ images: ['https://cdn.example/a.webp'] }), origin);
    expect(ld.image).toEqual(['https://cdn.example/a.webp']);
  });

  it('rates the home from its visible reviews', () => {
    expect(buildPropertyJsonLd(home(), origin).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      ratingCount: 2,
      bestRating: 5,
    });
  });

  it('has no rating and no reviews for a home without reviews', () => {
    const ld = buildPropertyJsonLd(home({ reviewsData: [], reviews: 0, rating: null }), origin);
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
  });

  it('lists at most five reviews with author, rating and text', () => {
    const many = Array.from({ length: 8 }, (_, i) => review(i + 1));
    const ld = buildPropertyJsonLd(home({ reviewsData: many, reviews: 8, rating: 5 }), origin);
    const reviews = ld.review as unknown[];
    expect(reviews).toHaveLength(5);
    expect(reviews[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Jane D.' },
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5 },
      reviewBody: 'Lovely stay number 1.',
      datePublished: '2025-03-09',
    });
    expect((ld.aggregateRating as { ratingCount: number }).ratingCount).toBe(8);
  });

  it('dates a review only when its raw date is a valid ISO date', () => {
    const reviews = [
      review(1, { reviewedAtDate: '03/09/2025' }),
      review(2, { reviewedAtDate: '2025-02-30' }),
      review(3, { reviewedAtDate: null }),
      review(4, { reviewedAtDate: '2024-12-25T18:00:00Z', guestName: null }),
    ];
    const ld = buildPropertyJsonLd(home({ reviewsData: reviews, reviews: 4 }), origin);
    const dates = (ld.review as { datePublished?: string }[]).map((r) => r.datePublished);
    expect(dates).toEqual([undefined, undefined, undefined, '2024-12-25']);
    expect((ld.review as { author: { name: string } }[])[3]?.author.name).toBe('Airbnb Guest');
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element or open a comment, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029 "quoted"' };
    const text = serializeJsonLd(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('sitePages and staticPageMeta', () => {
  it('knows the home page, collections and listings', () => {
    expect(sitePages.map((page) => page.path).sort()).toEqual(
      [
        '/',
        '/collections',
        '/collections/properties?collection=essentials',
        '/collections/properties?collection=resort',
        '/collections/properties?collection=luxury',
        '/collections/properties?collection=michigan',
        '/search/results?category=all',
        '/about-us',
        '/about',
        '/concierge',
        '/management',
        '/policies',
        '/rental-agreement',
        '/login',
        '/signup',
        '/forgot-password',
        '/reset-password',
        '/password-reset-success',
        '/dashboard',
        '/accept-invite',
        '/account/security',
        '/trips',
        '/tasks',
        '/review',
      ].sort(),
    );
    // An old address answered with a redirect is not a page of its own.
    expect(sitePages.map((page) => page.path)).not.toContain('/partnerwithus');
  });

  it('titles the account pages and keeps them out of search results', () => {
    expect(staticPageMeta('/login?redirectTo=%2Freservations', origin)).toMatchObject({
      title: 'Login | Summit & Shore',
      noindex: true,
    });
    expect(staticPageMeta('/reset-password?token=abc', origin)).toMatchObject({ noindex: true });
    expect(staticPageMeta('/policies', origin)).not.toHaveProperty('noindex');
    // A booking reached by its link, and the console: never indexed, the token never in the canonical URL.
    expect(staticPageMeta('/trips/SAS-AB12CD?token=secret', origin)).toMatchObject({
      noindex: true,
      canonical: `${origin}/trips/SAS-AB12CD`,
    });
    expect(staticPageMeta('/admin/reservations/SAS-AB12CD', origin)).toMatchObject({ noindex: true });
    expect(staticPageMeta('/admin', origin)).toMatchObject({ noindex: true });
    expect(staticPageMeta('/administrator', origin)).toBeNull();
  });

  it('points the aliases of About Us at /about-us', () => {
    for (const path of ['/about', '/about-us']) {
      expect(staticPageMeta(path, origin)).toMatchObject({
        title: 'About Us | Summit & Shore',
        canonical: `${origin}/about-us`,
      });
    }
    expect(staticPageMeta('/policies', origin)?.title).toBe('Policies | Summit & Shore');
  });

  it('gives a collection page its collection title and canonical URL', () => {
    expect(staticPageMeta('/collections/properties?collection=michigan', origin)).toEqual({
      title: 'Michigan Collection | Summit & Shore',
      description: expect.any(String) as string,
      canonical: `${origin}/collections/properties?collection=michigan`,
      type: 'website',
    });
  });

  it('titles the listings and the home page', () => {
    expect(staticPageMeta('/search/results?category=all', origin)?.title).toBe('Our Listings | Summit & Shore');
    expect(staticPageMeta('/', origin)).toMatchObject({ title: 'Summit & Shore', canonical: `${origin}/` });
  });

  it('matches the listed query in any order, ignoring tracking parameters, a hash and a trailing slash', () => {
    expect(findSitePage('/collections/properties?utm_source=x&collection=resort#grid')?.title).toBe(
      'Resort Collection',
    );
    expect(findSitePage('/collections/')?.title).toBe('Collections');
    expect(staticPageMeta('/?utm_source=mail', origin)?.canonical).toBe(`${origin}/`);
  });

  it('knows no other page', () => {
    expect(staticPageMeta('/collections/properties?collection=unknown', origin)).toBeNull();
    expect(staticPageMeta('/search/results', origin)).toBeNull();
    expect(staticPageMeta('/reservation', origin)).toBeNull();
    expect(staticPageMeta('/property/bear-den-lodge', origin)).toBeNull();
  });
});

describe('notFoundPropertyMeta', () => {
  it('asks crawlers not to index the page', () => {
    expect(notFoundPropertyMeta('/property/nowhere', origin)).toMatchObject({
      title: 'Property Not Found | Summit & Shore',
      noindex: true,
    });
  });
});

describe('pageMetaTags', () => {
  const meta = propertyPageMeta(home(), origin);

  function find(tags: ReturnType<typeof pageMetaTags>, key: string, id: string) {
    return tags.find((tag) => tag.attributes[key] === id);
  }

  it('lists title, description, canonical, Open Graph, Twitter and JSON-LD, each marked as page meta', () => {
    const tags = pageMetaTags(meta);
    expect(tags[0]).toEqual({ name: 'title', attributes: { 'data-page-meta': '' }, text: meta.title });
    expect(find(tags, 'name', 'description')?.attributes.content).toBe(meta.description);
    expect(find(tags, 'rel', 'canonical')?.attributes.href).toBe(`${origin}/property/bear-den-lodge`);
    expect(find(tags, 'property', 'og:url')?.attributes.content).toBe(`${origin}/property/bear-den-lodge`);
    expect(find(tags, 'property', 'og:image')?.attributes.content).toBe(`${origin}/media/social/bear-den-lodge.jpg`);
    expect(find(tags, 'property', 'og:image:width')?.attributes.content).toBe('1200');
    expect(find(tags, 'property', 'og:image:height')?.attributes.content).toBe('630');
    expect(find(tags, 'property', 'og:site_name')?.attributes.content).toBe('Summit & Shore');
    expect(find(tags, 'name', 'twitter:card')?.attributes.content).toBe('summary_large_image');
    expect(find(tags, 'name', 'twitter:image')?.attributes.content).toBe(meta.image?.url);
    const script = tags.find((tag) => tag.name === 'script');
    expect(script?.attributes.type).toBe('application/ld+json');
    expect(JSON.parse(script?.text ?? '')).toEqual(meta.jsonLd);
    expect(find(tags, 'name', 'robots')).toBeUndefined();
    for (const tag of tags) expect(tag.attributes).toHaveProperty(pageMetaAttribute, '');
  });

  it('gives a page without an image a small Twitter card and no image tags', () => {
    const tags = pageMetaTags({ ...meta, image: undefined, jsonLd: undefined });
    expect(find(tags, 'name', 'twitter:card')?.attributes.content).toBe('summary');
    expect(find(tags, 'property', 'og:image')).toBeUndefined();
    expect(tags.some((tag) => tag.name === 'script')).toBe(false);
  });

  it('marks a noindex page for robots and gives it no canonical URL', () => {
    const tags = pageMetaTags(notFoundPropertyMeta('/property/nowhere', origin));
    expect(find(tags, 'name', 'robots')?.attributes.content).toBe('noindex');
    expect(find(tags, 'rel', 'canonical')).toBeUndefined();
    expect(find(tags, 'property', 'og:url')).toBeUndefined();
  });
});

describe('pageDescriptions', () => {
  it('describes every titled address of the list of pages, and nothing else', () => {
    const titled = allPageRoutes().flatMap((page) => [
      ...(page.head ? [page.path] : []),
      ...(page.variants ?? []).map((variant) => variant.path),
    ]);
    expect(Object.keys(pageDescriptions).sort()).toEqual(titled.sort());
  });
});
