// The catalogue and calendar schema. Importing this file opens no connection.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A photo stored under DATA_DIR/media as `{key}-{width}.{avif|webp}`. */
export interface StoredImage {
  key: string;
  alt: string;
  width: number;
  height: number;
}

export interface StoredAmenity {
  item: string;
  category: string;
}

/**
 * PostgreSQL daterange, half-open: `[checkIn, checkOut)`. Kept as the raw
 * range literal so dates never pass through a JS Date (no UTC shift).
 */
export const dateRange = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'daterange';
  },
});

export const collections = ['essentials', 'resort', 'luxury', 'michigan'] as const;
export type CollectionName = (typeof collections)[number];

export const properties = pgTable('properties', {
  id: uuid('id').primaryKey(),
  /** The company's own listing number, shown to staff and owners. */
  propertyId: text('property_id').notNull().unique(),
  slug: text('slug').notNull().unique(),
  publicName: text('public_name'),
  name: text('name').notNull(),
  summary: text('summary').notNull(),
  description: text('description').notNull(),
  bedrooms: integer('bedrooms').notNull(),
  bathrooms: real('bathrooms').notNull(),
  garages: integer('garages').notNull().default(0),
  /** Floor area in square feet. */
  area: integer('area').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  country: text('country').notNull().default('US'),
  timeZone: text('time_zone').notNull(),
  images: jsonb('images').$type<StoredImage[]>().notNull(),
  amenities: jsonb('amenities').$type<StoredAmenity[]>().notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  bookingWidgetUrl: text('booking_widget_url'),
  matterportUrl: text('matterport_url'),
  maxGuests: integer('max_guests').notNull(),
  petsAllowed: boolean('pets_allowed').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A home may sit in more than one collection; position orders the listing. */
export const propertyCollections = pgTable(
  'property_collections',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    collection: text('collection').$type<CollectionName>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.propertyId] }),
    index('property_collections_order').on(t.collection, t.position),
  ],
);

export const nearbyPlaces = pgTable(
  'nearby_places',
  {
    id: uuid('id').primaryKey(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Human text as shown, e.g. "0.4 mi". */
    distance: text('distance').notNull(),
    /** Media key of the place's photo (see StoredImage.key). */
    photoKey: text('photo_key'),
    position: integer('position').notNull(),
  },
  (t) => [index('nearby_places_property').on(t.propertyId, t.position)],
);

/**
 * Reviews as imported from the platforms. reviewedAtDate keeps the source's
 * raw text (which may be malformed); display rules live in @sas/domain.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    guestName: text('guest_name'),
    platform: text('platform').notNull(),
    rating: real('rating').notNull(),
    reviewText: text('review_text').notNull(),
    reviewedAtDate: text('reviewed_at_date'),
    profilePictureUrl: text('profile_picture_url'),
  },
  (t) => [index('reviews_property').on(t.propertyId)],
);

export const stayKinds = ['reservation', 'hold', 'owner_block'] as const;
export type StayKind = (typeof stayKinds)[number];
export const stayStatuses = ['active', 'released'] as const;
export type StayStatus = (typeof stayStatuses)[number];

/**
 * Every occupied night of a home: confirmed reservations, payment holds and
 * owner blocks. An exclusion constraint (migration 0001) forbids two active
 * rows of one property from overlapping, so the database itself refuses a
 * double booking.
 */
export const stays = pgTable(
  'stays',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    nights: dateRange('nights').notNull(),
    kind: text('kind').$type<StayKind>().notNull(),
    status: text('status').$type<StayStatus>().notNull().default('active'),
    /** Holds lapse at this instant unless paid; null for other kinds. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stays_property').on(t.propertyId)],
);

// Rates ------------------------------------------------------------------------
// Money is integer cents; dates are `date` columns read as YYYY-MM-DD strings.

/** A tax authority's combined lodging rate, applied to nights plus fees. */
export const taxJurisdictions = pgTable(
  'tax_jurisdictions',
  {
    /** A short stable code, e.g. 'co-breckenridge'. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Basis points: 1227 is 12.27%. */
    rateBps: integer('rate_bps').notNull(),
  },
  (t) => [check('tax_jurisdictions_rate_valid', sql`${t.rateBps} BETWEEN 0 AND 10000`)],
);

/** A home's regular rates: what a night costs outside every season. */
export const propertyRates = pgTable(
  'property_rates',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Sunday to Thursday nights. */
    nightlyCents: integer('nightly_cents').notNull(),
    /** Friday and Saturday nights. */
    weekendCents: integer('weekend_cents').notNull(),
    cleaningFeeCents: integer('cleaning_fee_cents').notNull(),
    /** Nights, for a check-in outside every season. */
    minStay: integer('min_stay').notNull().default(1),
    taxJurisdictionId: text('tax_jurisdiction_id')
      .notNull()
      .references(() => taxJurisdictions.id),
  },
  (t) => [
    check(
      'property_rates_amounts_valid',
      sql`${t.nightlyCents} >= 0 AND ${t.weekendCents} >= 0 AND ${t.cleaningFeeCents} >= 0 AND ${t.minStay} >= 1`,
    ),
  ],
);

/**
 * Dated seasons of one home with their own rates and minimum stay, e.g. ski
 * season or Christmas. `endDate` is exclusive. Seasons of one home never
 * overlap (exclusion constraint in migration 0003), so a night has at most one.
 */
export const seasonalRates = pgTable(
  'seasonal_rates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    nightlyCents: integer('nightly_cents').notNull(),
    weekendCents: integer('weekend_cents').notNull(),
    minStay: integer('min_stay').notNull(),
  },
  (t) => [
    index('seasonal_rates_property').on(t.propertyId, t.startDate),
    check(
      'seasonal_rates_valid',
      sql`${t.endDate} > ${t.startDate} AND ${t.nightlyCents} >= 0 AND ${t.weekendCents} >= 0 AND ${t.minStay} >= 1`,
    ),
  ],
);
