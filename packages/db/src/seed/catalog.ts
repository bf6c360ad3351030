// Turns the hand-written homes into table rows: photos from the scene pool,
// amenities, nearby places with computed distances, reviews, collection
// memberships, rates and seasons. Pure and deterministic: the same rows for
// every call in the same year (the year only dates the seasons).
import { type Random, type Scene, type SceneRoom, createRandom, largestPhotoWidth, photoHeight, scenes } from '@sas/demo-media';
import { distinctSlug, formatCount, pluralize, propertySlug, slugVariantKey } from '@sas/domain';
import type {
  CollectionName,
  StoredImage,
  nearbyPlaces,
  properties,
  propertyCollections,
  propertyRates,
  propertyTaxLines,
  reviews,
  seasonalRates,
  taxJurisdictions,
} from '../schema.js';
import { amenitiesFor } from './amenities.js';
import { type PlaceSeed, type Region, formatMiles, milesBetween, towns } from './areas.js';
import { type HomeSeed, homes } from './homes.js';
import { ratesFor, seasonYearsAt, seedTaxJurisdictions } from './rates.js';
import { type ReviewSeed, reviewWriter, specialReviews } from './reviews.js';
import { seedUuid } from './seed-uuid.js';

export interface SeedCatalog {
  properties: (typeof properties.$inferInsert)[];
  propertyCollections: (typeof propertyCollections.$inferInsert)[];
  nearbyPlaces: (typeof nearbyPlaces.$inferInsert)[];
  reviews: (typeof reviews.$inferInsert)[];
  taxJurisdictions: (typeof taxJurisdictions.$inferInsert)[];
  propertyRates: (typeof propertyRates.$inferInsert)[];
  seasonalRates: (typeof seasonalRates.$inferInsert)[];
  /** Demo tax lines by jurisdiction (issue 29), to be checked by the company's accountant. */
  propertyTaxLines: (typeof propertyTaxLines.$inferInsert)[];
}

export interface SeedOptions {
  /** When the seed is written: its year dates the rate seasons (seasonYearsAt). Default: now. */
  now?: Date;
}

const bookingHost = 'https://booking.summitandshore.example/widget';

function image(scene: Scene): StoredImage {
  return { key: scene.key, alt: scene.alt, width: largestPhotoWidth, height: photoHeight(largestPhotoWidth) };
}

/** 8 to 14 photos: the exterior first, then the rooms a guest looks for, then views. */
function photosFor(home: HomeSeed, region: Region, rng: Random): StoredImage[] {
  const fits = (s: Scene): boolean => s.region === region || s.region === 'any';
  const ofRoom = (room: SceneRoom): Scene[] => rng.shuffle(scenes.filter((s) => s.room === room && fits(s)));
  const ofGroup = (group: Scene['group']): Scene[] => rng.shuffle(scenes.filter((s) => s.group === group && s.region === region));
  const exterior = scenes.find((s) => s.key === home.exterior);
  if (!exterior) throw new Error(`${home.code}: unknown exterior scene ${home.exterior}`);

  const chosen: Scene[] = [exterior];
  const vistas = ofGroup('vista');
  chosen.push(...ofRoom('living').slice(0, home.bedrooms >= 4 ? 2 : 1));
  chosen.push(...vistas.slice(0, 1));
  chosen.push(...ofRoom('kitchen').slice(0, 1));
  if (home.bedrooms >= 2) chosen.push(...ofRoom('dining').slice(0, 1));
  chosen.push(...ofRoom('bedroom').slice(0, Math.min(2, home.bedrooms)));
  if (home.features.includes('bunks')) chosen.push(...ofRoom('bunk'));
  chosen.push(...ofRoom('bathroom').slice(0, home.bathrooms >= 2 ? 2 : 1));
  if (home.features.includes('gameRoom') || home.features.includes('theater')) chosen.push(...ofRoom('family'));
  const outdoor = ofGroup('outdoor').filter((s) => s.key !== 'outdoor-hot-tub-snow' || home.features.includes('hotTub'));
  chosen.push(...outdoor.slice(0, 2));
  // Top up with more views and other exteriors so every gallery has at least eight photos.
  for (const extra of [...vistas.slice(1), ...ofGroup('exterior')]) {
    if (chosen.length >= 8 + rng.int(0, 3)) break;
    if (!chosen.includes(extra)) chosen.push(extra);
  }
  return [...new Set(chosen)].slice(0, 14).map(image);
}

interface NearbyPick {
  place: PlaceSeed;
  miles: number;
}

/** Places of one kind a list may hold, so a home near Main Street does not list four cafés. */
const perKind: Record<PlaceSeed['kind'], number> = { lift: 2, trail: 2, dining: 1, town: 1, beach: 2, lighthouse: 1, marina: 1, park: 1 };

/**
 * 4 to 6 places, nearest first, always including a lift (mountain) or a
 * beach (lake) and the town centre, with a mix of kinds.
 */
function nearbyFor(home: HomeSeed, rng: Random): NearbyPick[] {
  const town = towns[home.town];
  const byDistance = town.places
    .map((place) => ({ place, miles: milesBetween(home, place) }))
    .sort((a, b) => a.miles - b.miles);
  const must = [
    byDistance.find((p) => p.place.kind === (town.region === 'mountain' ? 'lift' : 'beach')),
    byDistance.find((p) => p.place.kind === 'town' || p.place.kind === 'dining'),
  ].filter((p): p is NearbyPick => p !== undefined);
  const count = Math.min(byDistance.length, rng.int(4, 6));
  const picked = [...new Set(must)];
  const used = (kind: PlaceSeed['kind']): number => picked.filter((p) => p.place.kind === kind).length;
  for (const p of byDistance) {
    if (picked.length >= count) break;
    if (!picked.includes(p) && used(p.place.kind) < perKind[p.place.kind]) picked.push(p);
  }
  // A small town may not have enough variety; then nearest of any kind.
  for (const p of byDistance) {
    if (picked.length >= count) break;
    if (!picked.includes(p)) picked.push(p);
  }
  return picked.sort((a, b) => a.miles - b.miles);
}

function describe(home: HomeSeed, region: Region, nearby: readonly NearbyPick[]): string {
  const paragraphs: string[] = [home.intro];
  if (home.highlights.length > 0) paragraphs.push(["What you'll love:", ...home.highlights.map((h) => `- ${h}`)].join('\n'));

  paragraphs.push(
    [
      `The space: ${pluralize(home.bedrooms, 'bedroom')} and ${pluralize(home.bathrooms, 'bathroom')} across ${formatCount(home.area)} square feet, sleeping up to ${home.maxGuests}.`,
      ...home.sleeping.map((s) => `- ${s}`),
    ].join('\n'),
  );

  const [first, second] = nearby;
  const where = [
    first ? `${first.place.name} is ${formatMiles(first.miles)} away` : undefined,
    second ? `${second.place.name} ${formatMiles(second.miles)}` : undefined,
  ]
    .filter(Boolean)
    .join(', and ');
  paragraphs.push(
    region === 'mountain'
      ? `The neighborhood: ${where}. Breckenridge sits at 9,600 feet, so the town is walkable, the shuttles are free, and in summer the same trails that carry skiers become some of the best hiking and biking in Colorado.`
      : `The neighborhood: ${where}. ${towns[home.town].city} is a lakeshore town made for slow days: beaches, ice cream, sunsets over the water, and enough restaurants that you will not cook every night unless you want to.`,
  );

  const goodToKnow = [
    'Check-in from 4 pm with a door code; check-out by 10 am',
    home.garages > 0 ? `Garage parking for ${pluralize(home.garages, 'car')}` : 'Parking for one car; more on request',
    home.pets ? 'Dogs welcome (up to two) with a pet fee' : 'Sorry, no pets',
    'No smoking and no parties or events',
  ];
  if (region === 'mountain') goodToKnow.push('At this altitude, drink plenty of water and take the first day easy');
  else goodToKnow.push('Beach towels and chairs are in the mudroom closet');
  paragraphs.push(['Good to know:', ...goodToKnow.map((g) => `- ${g}`)].join('\n'));
  return paragraphs.join('\n\n');
}

/** Every seeded row, computed; insertion is separate (see index.ts). */
export function buildSeedCatalog({ now = new Date() }: SeedOptions = {}): SeedCatalog {
  const years = seasonYearsAt(now);
  const catalog: SeedCatalog = {
    properties: [],
    propertyCollections: [],
    nearbyPlaces: [],
    reviews: [],
    taxJurisdictions: seedTaxJurisdictions.map((j) => ({ ...j })),
    propertyRates: [],
    propertyTaxLines: [],
    seasonalRates: [],
  };
  const positions = new Map<CollectionName, number>();
  let reviewNumber = 0;
  const nextReviewId = (): string => `rv-${(++reviewNumber).toString().padStart(4, '0')}`;
  // Names that collide, even only in their punctuation, still get slugs of
  // their own (the column is unique, and a literal-rule variant must name one home).
  const slugKeys = new Set<string>();

  const mountainStreets = ['Ski Hill Road', 'Peak 8 Lane', 'Boreas Pass Road', 'Wellington Road'];
  const lakeStreets = ['Lakeshore Drive', 'Dune Grass Lane', 'Harbor View Road', 'Lighthouse Way'];
  homes.forEach((home, index) => {
    const rng = createRandom(`home:${home.code}`);
    const town = towns[home.town];
    const id = seedUuid(`property:${home.code}`);
    const nearby = nearbyFor(home, rng);
    const slug = distinctSlug(propertySlug({ public_name: home.publicName, name: home.name }), slugKeys);
    slugKeys.add(slugVariantKey(slug));

    catalog.properties.push({
      id,
      propertyId: home.code,
      slug,
      publicName: home.publicName,
      name: home.name,
      summary: home.summary,
      description: describe(home, town.region, nearby),
      bedrooms: home.bedrooms,
      bathrooms: home.bathrooms,
      garages: home.garages,
      area: home.area,
      city: town.city,
      state: town.state,
      country: 'US',
      timeZone: town.timeZone,
      images: photosFor(home, town.region, rng),
      amenities: amenitiesFor(home, town.region, rng),
      latitude: home.lat,
      longitude: home.lng,
      bookingWidgetUrl:
        home.bookingWidget === 'url'
          ? `${bookingHost}/${home.code}`
          : home.bookingWidget === 'iframe'
            ? `<iframe src="${bookingHost}/${home.code}" width="100%" height="650" frameborder="0" title="Book ${home.publicName ?? home.name}"></iframe>`
            : null,
      matterportUrl: home.matterportId ? `https://my.matterport.com/show/?m=${home.matterportId}` : null,
      // Arrival details for confirmed guests, made up from the listing's place (no draw of the generator).
      address: `${120 + index * 14} ${(town.region === 'lake' ? lakeStreets : mountainStreets)[index % 4]}, ${town.city}, ${town.state}`,
      checkInTime: '4:00 PM',
      arrivalInstructions:
        town.region === 'lake'
          ? 'Park in the driveway. The lockbox code is sent by text on the morning of arrival; the key opens the side door.'
          : 'Park in the heated garage. The door code is sent by text on the morning of arrival; ski lockers are by the mudroom.',
      // Security deposits (issue 17): the luxury homes hold $500, the resort homes $250, the rest none.
      depositCents: home.collections.includes('luxury') ? 50_000 : home.collections.includes('resort') ? 25_000 : 0,
      ageRestricted: home.ageRestricted ?? false,
      maxGuests: home.maxGuests,
      petsAllowed: home.pets,
      // A fixed listing date keeps the seed identical between runs.
      createdAt: new Date(Date.UTC(2024, 0, 1 + index * 9)),
      updatedAt: new Date(Date.UTC(2024, 0, 1 + index * 9)),
    });

    const { rates, seasons, taxLines } = ratesFor(home, town.region, id, years);
    catalog.propertyRates.push(rates);
    catalog.propertyTaxLines.push(...taxLines);
    catalog.seasonalRates.push(...seasons);

    for (const collection of home.collections) {
      const position = positions.get(collection) ?? 0;
      positions.set(collection, position + 1);
      catalog.propertyCollections.push({ propertyId: id, collection, position });
    }

    nearby.forEach(({ place, miles }, position) => {
      catalog.nearbyPlaces.push({
        id: seedUuid(`nearby:${home.code}:${place.name}`),
        propertyId: id,
        name: place.name,
        description: place.description,
        distance: formatMiles(miles),
        photoKey: place.photo,
        position,
      });
    });

    const special = specialReviews[home.code] ?? [];
    const visibleSpecials = special.filter((r) => !r.hidden).length;
    const writer = reviewWriter(home, town.region, rng);
    const all: { id?: string; review: Omit<ReviewSeed, 'id'> }[] = Array.from(
      { length: Math.max(0, home.reviewCount - visibleSpecials) },
      () => ({ review: writer() }),
    );
    // Specials are spread through the list rather than bunched at the end.
    for (const { id: fixedId, hidden: _hidden, ...review } of special) {
      all.splice(rng.int(0, all.length), 0, fixedId === undefined ? { review } : { id: fixedId, review });
    }
    for (const { id: fixedId, review: r } of all) {
      catalog.reviews.push({
        id: fixedId ?? nextReviewId(),
        propertyId: id,
        guestName: r.guestName,
        platform: r.platform,
        rating: r.rating,
        reviewText: r.reviewText,
        reviewedAtDate: r.reviewedAtDate,
        profilePictureUrl: null,
      });
    }
  });
  return catalog;
}
