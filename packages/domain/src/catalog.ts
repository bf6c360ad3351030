// Zod contracts of the catalogue API: the server serialises with them, the
// browser parses with them. Field names follow SPEC.md sections 3 and 7.
import { z } from 'zod';
import { collectionNames } from './collection-names.js';

// Re-exported so existing imports from this module keep working.
export { collectionNames, collectionTabLabels, collectionTitles } from './collection-names.js';
export const collectionNameSchema = z.enum(collectionNames);

/**
 * The 404 of every route about a home, public or console: an unknown home and
 * one the caller may not see (another owner's) read alike.
 */
export const homeNotFoundMessage = 'Property not found';
export type CollectionName = z.infer<typeof collectionNameSchema>;

export const photoSchema = z.object({
  key: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoSchema>;

export const amenitySchema = z.object({ item: z.string(), category: z.string() });
export type Amenity = z.infer<typeof amenitySchema>;

export const nearbyPlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  distance: z.string(),
  photoUrl: z.string().nullable(),
});
export type NearbyPlace = z.infer<typeof nearbyPlaceSchema>;

/** A review as served: hidden reviews are already removed by the server. */
export const reviewSchema = z.object({
  id: z.string(),
  guestName: z.string().nullable(),
  platform: z.string(),
  rating: z.number(),
  reviewText: z.string(),
  reviewedAtDate: z.string().nullable(),
  reviewedAtFormatted: z.string(),
  profilePictureUrl: z.string().nullable(),
  /** A verified guest review (issue 28): "Stayed in March 2027"; absent on imported ones. */
  stayedIn: z.string().optional(),
  /** The company's public reply, if any. */
  reply: z.string().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const coordinatesSchema = z.object({ lat: z.number(), lng: z.number() });

/** GET /api/properties/search/{idOrSlugValue} */
export const propertyDetailsSchema = z.object({
  id: z.string().uuid(),
  propertyId: z.string(),
  slug: z.string(),
  public_name: z.string().nullable(),
  name: z.string(),
  summary: z.string(),
  description: z.string(),
  bedrooms: z.number().int(),
  bathrooms: z.number(),
  garages: z.number().int(),
  area: z.number().int(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  timeZone: z.string(),
  pictureUrl: z.string(),
  /** URLs of every photo at its largest stored width (WebP). */
  images: z.array(z.string()),
  /** The same photos with what a responsive <img> needs. */
  photos: z.array(photoSchema),
  amenities: z.array(amenitySchema),
  nearbyPlaces: z.array(nearbyPlaceSchema),
  reviewsData: z.array(reviewSchema),
  /** Number of visible reviews. */
  reviews: z.number().int(),
  /** Mean of visible ratings, one decimal; null without reviews. */
  rating: z.number().nullable(),
  coordinates: coordinatesSchema,
  bookingWidgetUrl: z.string().nullable(),
  matterportUrl: z.string().nullable(),
  maxGuests: z.number().int(),
  petsAllowed: z.boolean(),
  collections: z.array(collectionNameSchema),
  /**
   * The lowest nightly rate of the coming year, dollars ("from $X / night"
   * before dates are chosen); null when the home has no rates yet. A stay's
   * price always comes from the quote.
   */
  fromNightly: z.number().nullable(),
  /**
   * Cabins and select luxury condos (issue 17): booking asks the guest to
   * confirm that the primary renter is over 25.
   */
  ageRestricted: z.boolean(),
  /** The security deposit held on the guest's card around the stay, in dollars; 0 when the home asks for none. */
  depositAmount: z.number(),
});
export type PropertyDetails = z.infer<typeof propertyDetailsSchema>;

/** One item of GET /api/properties/collection/{collection}. */
export const propertyCardSchema = propertyDetailsSchema
  .pick({
    id: true,
    propertyId: true,
    slug: true,
    public_name: true,
    name: true,
    summary: true,
    description: true,
    bedrooms: true,
    bathrooms: true,
    city: true,
    state: true,
    pictureUrl: true,
    reviews: true,
    rating: true,
  })
  .extend({ photo: photoSchema.nullable() });
export type PropertyCard = z.infer<typeof propertyCardSchema>;
export const propertyCardListSchema = z.array(propertyCardSchema);

export const maxPageSize = 48;
export const defaultPageSize = 12;

/** Query of the collection listing. Strings from the URL are coerced. */
export const collectionQuerySchema = z
  .object({
    page: z.coerce.number().int().min(0).max(10_000).optional(),
    size: z.coerce.number().int().min(1).max(maxPageSize).optional(),
  })
  .strict();
export type CollectionQuery = z.infer<typeof collectionQuerySchema>;

/** Error body of every 4xx/5xx answer; `code`, when present, lets a client branch without reading the message. */
export const errorBodySchema = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
