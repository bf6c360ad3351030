// Google's listing feed (issue 27): the token, eligibility, and every listing
// checked against the rules Google sets for vacation rentals, parsed as XML.
import { properties, reviews } from '@sas/db';
import { insertProperty, insertRates } from '@sas/db/testing';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedToken, rotateFeedToken } from '../../services/google/settings.js';
import { createAccount, injectAs } from '../../test/console.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
const rooms = [
  { key: 'exterior-log-cabin-snow', alt: 'Log cabin in fresh snow' },
  { key: 'living-stone-fireplace', alt: 'Living room with stone fireplace' },
  { key: 'kitchen-island-pendants', alt: 'Kitchen with a large island' },
  { key: 'dining-mountain-view', alt: 'Dining table for eight' },
  { key: 'bedroom-mountain-king', alt: 'King bedroom with timber beams' },
  { key: 'bedroom-mountain-queen', alt: 'Queen bedroom with warm lamps' },
  { key: 'bathroom-soaking-tub', alt: 'Bathroom with a soaking tub' },
  { key: 'vista-tenmile-sunrise', alt: 'Sunrise over the Tenmile Range' },
];
const photos = rooms.map((room) => ({ ...room, width: 1600, height: 1067 }));
let eligible: { id: string; propertyId: string };

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://summitandshore.example' }, { seed: false });
  const amenities = [
    { item: 'Private hot tub', category: 'Outdoor' },
    { item: 'Fireplace', category: 'Heating & Cooling' },
    { item: 'Free parking', category: 'Parking & Facilities' },
  ];
  const home = (overrides: Parameters<typeof insertProperty>[1]) =>
    insertProperty(t.db, {
      images: photos,
      address: '120 Ridge St, Breckenridge, CO',
      checkInTime: '4:00 PM',
      amenities,
      latitude: 39.481712,
      longitude: -106.038421,
      ...overrides,
    });
  eligible = await home({ lodgingLicense: 'BRK-STR-2024-0042', petsAllowed: true, maxGuests: 8, bedrooms: 3 });
  const fewPhotos = await home({ images: photos.slice(0, 7) });
  const unpublished = await home({ published: false });
  const noBathroom = await home({ images: photos.map((p) => (p.key.startsWith('bathroom') ? photos[1]! : p)) });
  for (const h of [eligible, fewPhotos, unpublished, noBathroom]) await insertRates(t.db, h.id);
});

afterAll(async () => {
  await t?.close();
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['listing', 'image', 'client_attr', 'component'].includes(name),
});

async function getFeed(token: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: `/feeds/google/listings.xml${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
  });
}

interface Listing {
  id: string;
  name: string;
  address: { '@format': string; component: { '@name': string; '#text': string }[] };
  country: string;
  latitude: string | number;
  longitude: string | number;
  phone: string | { '#text': string };
  category: string;
  content: {
    text: { body: string };
    image: { '@url': string; '@width': string; '@height': string; title: string }[];
    attributes: { client_attr: { '@name': string; '#text': string | number | boolean }[] };
  };
}

function decimals(value: string | number): number {
  return String(value).split('.')[1]?.length ?? 0;
}

describe('GET /feeds/google/listings.xml', () => {
  it('answers 404 without the token, with a wrong one and with an old one after rotating', async () => {
    const token = await feedToken(t.db);
    expect((await getFeed(undefined)).statusCode).toBe(404);
    expect((await getFeed('wrong')).statusCode).toBe(404);
    expect((await getFeed(`${token}x`)).statusCode).toBe(404);
    expect((await getFeed(token)).statusCode).toBe(200);
    const rotated = await rotateFeedToken(t.db);
    expect(rotated).not.toBe(token);
    expect((await getFeed(token)).statusCode).toBe(404);
    expect((await getFeed(rotated)).statusCode).toBe(200);
  });

  it('lists every eligible published home, and only those, each with every element and attribute Google requires', async () => {
    const response = await getFeed(await feedToken(t.db));
    expect(response.headers['content-type']).toContain('application/xml');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const listings = (parser.parse(response.body) as { listings: { listing?: Listing[] } }).listings.listing ?? [];
    expect(listings.map((l) => l.id)).toEqual([eligible.propertyId]);

    for (const listing of listings) {
      expect(listing.name).not.toBe('');
      expect(listing.address['@format']).toBe('simple');
      const parts = Object.fromEntries(listing.address.component.map((c) => [c['@name'], c['#text']]));
      expect(parts).toMatchObject({ addr1: '120 Ridge St', city: 'Breckenridge', province: 'CO' });
      expect(listing.country).toBe('US');
      expect(decimals(listing.latitude)).toBeGreaterThanOrEqual(5);
      expect(decimals(listing.longitude)).toBeGreaterThanOrEqual(5);
      expect(listing.phone).toBeTruthy();
      expect(listing.category).toBe('vacation rental');
      expect(listing.content.text.body).toContain('First paragraph.');
      const images = listing.content.image;
      expect(images.length).toBeGreaterThanOrEqual(8);
      for (const image of images) {
        expect(Number(image['@width'])).toBeGreaterThanOrEqual(1024);
        expect(Number(image['@height'])).toBeGreaterThanOrEqual(683);
        expect(image['@url']).toMatch(/^https:\/\/summitandshore\.example\/media\//);
      }
      for (const room of ['bedroom', 'bathroom', 'common']) expect(images.map((i) => i.title)).toContain(room);

      const attrs = Object.fromEntries(
        listing.content.attributes.client_attr.map((a) => [a['@name'], String(a['#text'])]),
      );
      for (const name of [
        'capacity',
        'website',
        'number_of_bedrooms',
        'number_of_beds',
        'number_of_bathrooms',
        'instant_bookable',
        'checkin_time',
        'checkout_time',
      ]) {
        expect(attrs, name).toHaveProperty(name);
      }
      expect(attrs).toMatchObject({
        capacity: '8',
        number_of_bedrooms: '3',
        instant_bookable: 'true',
        checkin_time: '16:00',
        checkout_time: '10:00',
        hot_tub: 'true',
        fireplace: 'true',
        parking: 'true',
        pets_allowed: 'true',
        license_number: 'BRK-STR-2024-0042',
      });
      expect(attrs.website).toMatch(/^https:\/\/summitandshore\.example\/property\//);
    }
  });

  it("carries the lodging licence number staff set in the console's home form", async () => {
    const staff = await createAccount(t.app, t.db, 'staff');
    const patch = await injectAs(t.app, staff, {
      method: 'PATCH',
      url: `/api/admin/properties/${eligible.id}`,
      payload: { lodgingLicense: '  BRK-STR-2025-0107 ' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json<{ lodgingLicense: string }>().lodgingLicense).toBe('BRK-STR-2025-0107');
    const body = (await getFeed(await feedToken(t.db))).body;
    expect(body).toContain('<client_attr name="license_number">BRK-STR-2025-0107</client_attr>');
    const cleared = await injectAs(t.app, staff, {
      method: 'PATCH',
      url: `/api/admin/properties/${eligible.id}`,
      payload: { lodgingLicense: '' },
    });
    expect(cleared.json<{ lodgingLicense: string | null }>().lodgingLicense).toBeNull();
    expect((await getFeed(await feedToken(t.db))).body).not.toContain('license_number');
    await t.db.update(properties).set({ lodgingLicense: 'BRK-STR-2024-0042' }).where(eq(properties.id, eligible.id));
  });

  it('carries the rating once a home has reviews, and drops a home the moment it is unpublished', async () => {
    await t.db.insert(reviews).values([
      { id: `r-${eligible.id}-1`, propertyId: eligible.id, platform: 'Direct', rating: 5, reviewText: 'Lovely.' },
      { id: `r-${eligible.id}-2`, propertyId: eligible.id, platform: 'Direct', rating: 4, reviewText: 'Good.' },
    ]);
    const rated = (parser.parse((await getFeed(await feedToken(t.db))).body) as { listings: { listing?: Listing[] } })
      .listings.listing?.[0];
    const attrs = Object.fromEntries(
      rated?.content.attributes.client_attr.map((a) => [a['@name'], String(a['#text'])]) ?? [],
    );
    expect(attrs).toMatchObject({ rating: '4.5', rating_num: '2', rating_scale: '5' });

    await t.db.update(properties).set({ published: false }).where(eq(properties.id, eligible.id));
    const response = await getFeed(await feedToken(t.db));
    const listings = (parser.parse(response.body) as { listings: { listing?: Listing[] } }).listings.listing ?? [];
    expect(listings).toEqual([]);
    await t.db.update(properties).set({ published: true }).where(eq(properties.id, eligible.id));
  });
});
