// Catalogue queries: read homes, collections, nearby places and reviews and
// shape them into the @sas/domain contracts. Hiding rules and display
// formatting come from @sas/domain so the server and the browser agree.
import type { Database } from '@sas/db';
import { nearbyPlaces, properties, propertyCollections, propertyRates, reviews, seasonalRates } from '@sas/db/schema';
import {
  centsToDollars,
  averageRating,
  formatReviewDate,
  stayedInLabel,
  photoUrl,
  propertyDisplayName,
  publicReviews,
  safeUrl,
  type CollectionName,
  type NearbyPlace,
  type Photo,
  type PropertyCard,
  type PropertyDetails,
  type PropertyRef,
  type Review,
} from '@sas/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { resolvePropertyRef } from './property-ref.js';
import { readAll } from '../lib/in-order.js';
import { loadReviewBlocklist } from './review-blocklist.js';

type PropertyRow = typeof properties.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;
type NearbyPlaceRow = typeof nearbyPlaces.$inferSelect;

/**
 * The contract requires a string; a home without photos gets an empty one and
 * the browser shows its placeholder (SPEC.md section 8, "No images available").
 */
function pictureUrlOf(row: Pick<PropertyRow, 'images'>): string {
  const first = row.images[0];
  return first ? photoUrl(first.key, 960, 'webp') : '';
}

function toPhoto({ key, alt, width, height }: PropertyRow['images'][number]): Photo {
  return { key, alt, width, height };
}

type SummaryRow = Pick<
  PropertyRow,
  | 'id'
  | 'propertyId'
  | 'slug'
  | 'publicName'
  | 'name'
  | 'summary'
  | 'description'
  | 'bedrooms'
  | 'bathrooms'
  | 'city'
  | 'state'
  | 'images'
>;

/** The fields a listing card and the details page share. */
function summaryFields(row: SummaryRow) {
  return {
    id: row.id,
    propertyId: row.propertyId,
    slug: row.slug,
    public_name: row.publicName,
    name: row.name,
    summary: row.summary,
    description: row.description,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    city: row.city,
    state: row.state,
    pictureUrl: pictureUrlOf(row),
  } satisfies Partial<PropertyCard>;
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    guestName: row.guestName,
    platform: row.platform,
    rating: row.rating,
    reviewText: row.reviewText,
    reviewedAtDate: row.reviewedAtDate,
    reviewedAtFormatted: formatReviewDate(row.reviewedAtDate),
    profilePictureUrl: row.profilePictureUrl,
    ...(row.source === 'guest' && row.stayedOn ? { stayedIn: stayedInLabel(row.stayedOn) } : {}),
    ...(row.reply ? { reply: row.reply } : {}),
  };
}

function toNearbyPlace(row: NearbyPlaceRow): NearbyPlace {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    distance: row.distance,
    photoUrl: row.photoKey === null ? null : photoUrl(row.photoKey, 480, 'webp'),
  };
}

/** Count and mean rating over the reviews a guest may see. */
function reviewSummary(
  rows: readonly ReviewRow[],
  blocklist: readonly string[],
): { reviews: number; rating: number | null } {
  const visible = publicReviews(rows, blocklist);
  return { reviews: visible.length, rating: averageRating(visible.map((r) => r.rating)) };
}

/** A home by any of its names (resolvePropertyRef) with everything its details page shows; null when there is none. */
export async function findPropertyByRef(db: Database, ref: PropertyRef): Promise<PropertyDetails | null> {
  const home = await resolvePropertyRef(db, ref);
  return home ? findPropertyById(db, home.id) : null;
}

/**
 * The home with this UUID with everything its details page shows; null when
 * there is none or, unless the console asks, when it is not published.
 */
export async function findPropertyById(
  db: Database,
  id: string,
  options: { includeUnpublished?: boolean } = {},
): Promise<PropertyDetails | null> {
  return (await findPropertiesByIds(db, [id], options)).get(id) ?? null;
}

/** Rows of `rows` grouped by home, in their order. */
function byHome<T extends { propertyId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(row.propertyId);
    if (list) list.push(row);
    else groups.set(row.propertyId, [row]);
  }
  return groups;
}

/**
 * findPropertyById for many homes at once, in five queries whatever their
 * number (the console lists every home); keyed by UUID, unknown ids left out.
 */
export async function findPropertiesByIds(
  db: Database,
  ids: readonly string[],
  { includeUnpublished = false }: { includeUnpublished?: boolean } = {},
): Promise<Map<string, PropertyDetails>> {
  if (ids.length === 0) return new Map();
  const wanted = inArray(properties.id, [...ids]);
  const rows = await db
    .select()
    .from(properties)
    .where(includeUnpublished ? wanted : and(wanted, eq(properties.published, true)));
  if (rows.length === 0) return new Map();
  const found = rows.map((row) => row.id);

  // The console reads a home inside its change's transaction too (readAll).
  const [collectionRows, placeRows, reviewRows, fromNightly, blocklist] = await readAll(db, [
    () =>
      db
        .select({ propertyId: propertyCollections.propertyId, collection: propertyCollections.collection })
        .from(propertyCollections)
        .where(inArray(propertyCollections.propertyId, found))
        .orderBy(asc(propertyCollections.collection)),
    () =>
      db
        .select()
        .from(nearbyPlaces)
        .where(inArray(nearbyPlaces.propertyId, found))
        .orderBy(asc(nearbyPlaces.position), asc(nearbyPlaces.id)),
    () => db.select().from(reviews).where(inArray(reviews.propertyId, found)).orderBy(asc(reviews.id)),
    () => lowestNightlyCents(db, found),
    () => loadReviewBlocklist(db),
  ]);
  const collectionsOf = byHome(collectionRows);
  const placesOf = byHome(placeRows);
  const reviewsOf = byHome(reviewRows);

  const details = new Map<string, PropertyDetails>();
  for (const row of rows) {
    // Hidden reviews are dropped here so they never leave the server.
    const shownReviews = publicReviews(reviewsOf.get(row.id) ?? [], blocklist);
    const lowest = fromNightly.get(row.id);
    details.set(row.id, {
      ...summaryFields(row),
      garages: row.garages,
      area: row.area,
      country: row.country,
      timeZone: row.timeZone,
      images: row.images.map((image) => photoUrl(image.key, 1600, 'webp')),
      photos: row.images.map(toPhoto),
      amenities: row.amenities.map(({ item, category }) => ({ item, category })),
      nearbyPlaces: (placesOf.get(row.id) ?? []).map(toNearbyPlace),
      reviewsData: shownReviews.map(toReview),
      reviews: shownReviews.length,
      rating: averageRating(shownReviews.map((r) => r.rating)),
      coordinates: { lat: row.latitude, lng: row.longitude },
      // Stored values come from owners and imports: only allow-listed https
      // URLs leave the server, and a pasted <iframe> embed code becomes its src.
      bookingWidgetUrl: safeUrl(row.bookingWidgetUrl, 'bookingFrame'),
      matterportUrl: safeUrl(row.matterportUrl, 'tour'),
      maxGuests: row.maxGuests,
      petsAllowed: row.petsAllowed,
      collections: (collectionsOf.get(row.id) ?? []).map((c) => c.collection),
      fromNightly: lowest === undefined ? null : centsToDollars(lowest),
      ageRestricted: row.ageRestricted,
      depositAmount: centsToDollars(row.depositCents),
    });
  }
  return details;
}

/**
 * The lowest nightly rate a guest can meet in the coming year, per home: the
 * regular weeknight or weekend rate, or a season's, whichever is lowest; a
 * home without rates is left out. Read with the details, so it is cached and
 * invalidated with them.
 */
async function lowestNightlyCents(db: Database, ids: readonly string[]): Promise<Map<string, number>> {
  const [regular, seasonal] = await readAll(db, [
    () =>
      db
        .select({
          propertyId: propertyRates.propertyId,
          cents: sql<number>`least(${propertyRates.nightlyCents}, ${propertyRates.weekendCents})`.mapWith(Number),
        })
        .from(propertyRates)
        .where(inArray(propertyRates.propertyId, [...ids])),
    () =>
      db
        .select({
          propertyId: seasonalRates.propertyId,
          cents: sql<number | null>`min(least(${seasonalRates.nightlyCents}, ${seasonalRates.weekendCents}))`,
        })
        .from(seasonalRates)
        .where(
          and(
            inArray(seasonalRates.propertyId, [...ids]),
            sql`${seasonalRates.endDate} > current_date AND ${seasonalRates.startDate} < current_date + 365`,
          ),
        )
        .groupBy(seasonalRates.propertyId),
  ]);
  const seasons = new Map(seasonal.map((row) => [row.propertyId, row.cents === null ? null : Number(row.cents)]));
  const lowest = new Map<string, number>();
  for (const { propertyId, cents } of regular) {
    const season = seasons.get(propertyId) ?? null;
    lowest.set(propertyId, season === null ? cents : Math.min(cents, season));
  }
  return lowest;
}

/** The columns a listing card needs, selected once for every listing. */
const summaryColumns = {
  id: properties.id,
  propertyId: properties.propertyId,
  slug: properties.slug,
  publicName: properties.publicName,
  name: properties.name,
  summary: properties.summary,
  description: properties.description,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  city: properties.city,
  state: properties.state,
  images: properties.images,
};

/** Cards for the given rows, in their order, with review counts and ratings. */
async function toCards(db: Database, rows: readonly SummaryRow[]): Promise<PropertyCard[]> {
  if (rows.length === 0) return [];
  // Counts and ratings need the hiding rules of @sas/domain, so they are
  // computed here from the homes' reviews rather than aggregated in SQL.
  const [reviewRows, blocklist] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(
        inArray(
          reviews.propertyId,
          rows.map((r) => r.id),
        ),
      ),
    loadReviewBlocklist(db),
  ]);
  const reviewsByHome = new Map<string, ReviewRow[]>();
  for (const review of reviewRows) {
    const list = reviewsByHome.get(review.propertyId);
    if (list) list.push(review);
    else reviewsByHome.set(review.propertyId, [review]);
  }
  return rows.map((row): PropertyCard => ({
    ...summaryFields(row),
    photo: row.images[0] ? toPhoto(row.images[0]) : null,
    ...reviewSummary(reviewsByHome.get(row.id) ?? [], blocklist),
  }));
}

/** Listing cards of the given homes, keyed by id; unknown ids are left out. */
export async function listPropertyCards(db: Database, ids: readonly string[]): Promise<Map<string, PropertyCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(summaryColumns)
    .from(properties)
    .where(and(inArray(properties.id, [...ids]), eq(properties.published, true)));
  return new Map((await toCards(db, rows)).map((card) => [card.id, card]));
}

/** Every home's listing card, and each collection's homes in their curated order. */
export interface AllCards {
  cards: PropertyCard[];
  collections: Map<CollectionName, string[]>;
}

/**
 * Every listing card of the catalogue at once (three queries, whatever its
 * size): what the catalogue cache keeps (services/catalog-cache.ts). The
 * collections are ordered as listCollection orders them.
 */
export async function listAllCards(db: Database): Promise<AllCards> {
  const [rows, memberships] = await Promise.all([
    // Unpublished homes leave every listing and the search, which answers from these cards.
    db.select(summaryColumns).from(properties).where(eq(properties.published, true)),
    db
      .select({ collection: propertyCollections.collection, propertyId: propertyCollections.propertyId })
      .from(propertyCollections)
      .innerJoin(properties, and(eq(properties.id, propertyCollections.propertyId), eq(properties.published, true)))
      .orderBy(
        asc(propertyCollections.collection),
        asc(propertyCollections.position),
        asc(propertyCollections.propertyId),
      ),
  ]);
  const collections = new Map<CollectionName, string[]>();
  for (const { collection, propertyId } of memberships) {
    const ids = collections.get(collection);
    if (ids) ids.push(propertyId);
    else collections.set(collection, [propertyId]);
  }
  return { cards: await toCards(db, rows), collections };
}

export interface CollectionPage {
  cards: PropertyCard[];
  /** Homes in the whole collection, whatever the page. */
  total: number;
}

export interface PageRequest {
  page: number;
  size: number;
}

/**
 * Homes of one collection in their curated order. Without `paging` the whole
 * collection is returned (collections hold tens of homes, not thousands).
 */
export async function listCollection(
  db: Database,
  collection: CollectionName,
  paging?: PageRequest,
): Promise<CollectionPage> {
  const listing = db
    .select(summaryColumns)
    .from(propertyCollections)
    .innerJoin(properties, eq(properties.id, propertyCollections.propertyId))
    .where(and(eq(propertyCollections.collection, collection), eq(properties.published, true)))
    .orderBy(asc(propertyCollections.position), asc(properties.id))
    .$dynamic();
  const paged = paging ? listing.limit(paging.size).offset(paging.page * paging.size) : listing;

  const [rows, [totalRow]] = await Promise.all([
    paged,
    db
      .select({ total: count() })
      .from(propertyCollections)
      .innerJoin(properties, eq(properties.id, propertyCollections.propertyId))
      .where(and(eq(propertyCollections.collection, collection), eq(properties.published, true))),
  ]);

  const cards = await toCards(db, rows);
  return { cards, total: totalRow?.total ?? 0 };
}

/** Nearby places of a home in their curated order; null when the home does not exist. */
export async function listNearbyPlaces(db: Database, propertyId: string): Promise<NearbyPlace[] | null> {
  const [home] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.published, true)))
    .limit(1);
  if (!home) return null;
  const rows = await db
    .select()
    .from(nearbyPlaces)
    .where(eq(nearbyPlaces.propertyId, propertyId))
    .orderBy(asc(nearbyPlaces.position), asc(nearbyPlaces.id));
  return rows.map(toNearbyPlace);
}

/** Slugs of every published home, for the sitemap. */
export async function listPropertySlugs(db: Database): Promise<string[]> {
  const rows = await db
    .select({ slug: properties.slug })
    .from(properties)
    .where(eq(properties.published, true))
    .orderBy(asc(properties.slug));
  return rows.map((row) => row.slug);
}

export interface SocialImageSource {
  /** The name guests see. */
  name: string;
  /** Key of the main photo; null for a home without photos. */
  photoKey: string | null;
}

/** What the link-preview image of a home is drawn from; null when no home has the slug. */
export async function findSocialImageSource(db: Database, slug: string): Promise<SocialImageSource | null> {
  const [row] = await db
    .select({ publicName: properties.publicName, name: properties.name, images: properties.images })
    .from(properties)
    .where(and(eq(properties.slug, slug), eq(properties.published, true)))
    .limit(1);
  if (!row) return null;
  return {
    name: propertyDisplayName({ public_name: row.publicName, name: row.name }),
    photoKey: row.images[0]?.key ?? null,
  };
}

/** Cheap round trip used by the health check. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
