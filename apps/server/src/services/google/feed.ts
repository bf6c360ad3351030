// The homes as Google's listing feed needs them (issue 27): every home with
// its photos, rating and amenities, and whether it may be listed. The feed
// lists published, eligible homes only (packages/domain google-feed.ts).
import { properties, propertyRates, reviews, type Database } from '@sas/db';
import {
  companyPhone,
  feedEligibility,
  photoRoom,
  photoUrl,
  photoWidths,
  propertyDisplayName,
  propertyPath,
  type FeedEligibility,
  type FeedHome,
  type FeedPhoto,
} from '@sas/domain';
import { and, asc, avg, count, eq } from 'drizzle-orm';

export interface FeedSettings {
  publicUrl: string;
}

/** The largest stored width not above the photo's own, and its height at that width. */
function feedPhoto(publicUrl: string, image: { key: string; alt: string; width: number; height: number }): FeedPhoto {
  const width = [...photoWidths].reverse().find((w) => w <= image.width) ?? photoWidths[0];
  const height = Math.round((image.height * width) / Math.max(1, image.width));
  return { url: `${publicUrl}${photoUrl(image.key, width)}`, width, height, room: photoRoom(image.key, image.alt) };
}

/** Every home (published or not) as the feed sees it, by listing number. */
export async function loadFeedHomes(db: Database, settings: FeedSettings): Promise<FeedHome[]> {
  const [homes, rated, ratings] = await Promise.all([
    db.select().from(properties).orderBy(asc(properties.propertyId)),
    db.select({ id: propertyRates.propertyId }).from(propertyRates),
    db
      .select({ id: reviews.propertyId, average: avg(reviews.rating), count: count() })
      .from(reviews)
      .where(and(eq(reviews.hidden, false)))
      .groupBy(reviews.propertyId),
  ]);
  const hasRates = new Set(rated.map((row) => row.id));
  const ratingOf = new Map(ratings.map((row) => [row.id, row]));
  return homes.map((home): FeedHome => {
    const rating = ratingOf.get(home.id);
    return {
      propertyId: home.propertyId,
      name: propertyDisplayName({ public_name: home.publicName, name: home.name }),
      description: home.description,
      published: home.published,
      hasRates: hasRates.has(home.id),
      address: home.address,
      city: home.city,
      state: home.state,
      country: home.country,
      latitude: home.latitude,
      longitude: home.longitude,
      phone: companyPhone,
      website: `${settings.publicUrl}${propertyPath(home.slug)}`,
      photos: home.images.map((image) => feedPhoto(settings.publicUrl, image)),
      maxGuests: home.maxGuests,
      bedrooms: home.bedrooms,
      // No bed count is kept yet: one bed per bedroom (docs/spec-deviations.md).
      beds: Math.max(1, home.bedrooms),
      bathrooms: home.bathrooms,
      rating: rating && rating.count > 0 && rating.average !== null ? Number(rating.average) : null,
      ratingCount: rating?.count ?? 0,
      checkInTime: home.checkInTime,
      amenities: home.amenities.map((amenity) => amenity.item),
      petsAllowed: home.petsAllowed,
      lodgingLicense: home.lodgingLicense,
    };
  });
}

export interface HomeEligibility {
  propertyId: string;
  eligibility: FeedEligibility;
}

export function eligibilityOf(homes: readonly FeedHome[]): HomeEligibility[] {
  return homes.map((home) => ({ propertyId: home.propertyId, eligibility: feedEligibility(home) }));
}
