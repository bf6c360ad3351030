// Zod contracts of the console's homes API (issue 14 section 2): a home as
// staff see it (published or not) and the fields they may change. The public
// details (catalog.ts) are the base, so a field means the same on both sides.
import { z } from 'zod';
import { amenitySchema, collectionNameSchema, nearbyPlaceSchema, propertyDetailsSchema } from '../catalog.js';
import { centsToDollars } from '../money.js';
import { depositPolicy } from '../policies.js';
import { safeUrl } from '../safe-url.js';
import { adminPhotoSchema } from './photos.js';
import { isWholeCents } from './rates.js';

/** A nearby place as the console edits it: its photo by media key rather than URL. */
export const adminNearbyPlaceSchema = nearbyPlaceSchema.extend({ photoKey: z.string().nullable() });
export type AdminNearbyPlace = z.infer<typeof adminNearbyPlaceSchema>;

/**
 * GET /api/admin/properties (array) and /api/admin/properties/{id}: the
 * public details plus what only the console sees. `reviewsData` is left out
 * (reviews have their own console screen); `photos` carry their ids.
 */
export const adminPropertySchema = propertyDetailsSchema
  .omit({ reviewsData: true, photos: true, nearbyPlaces: true })
  .extend({
    published: z.boolean(),
    /** Shown to confirmed guests on their booking's page only. */
    address: z.string().nullable(),
    checkInTime: z.string().nullable(),
    arrivalInstructions: z.string().nullable(),
    /**
     * The door or lockbox code, told to a booking's guest in its messages
     * before checkout ({{doorCode}}). Staff and admins only: left out for owners.
     */
    doorCode: z.string().nullable().optional(),
    /** The town's short-term rental licence number (Breckenridge requires it on every advertisement); null: none. */
    lodgingLicense: z.string().nullable(),
    /** The security deposit held on the guest's card around each stay, in dollars; 0 means none (issue 17). */
    depositAmount: z.number(),
    /** Cabins and select luxury condos: the primary renter must confirm being over 25 to book. */
    ageRestricted: z.boolean(),
    /** ISO timestamp of the last change through the console. */
    updatedAt: z.string(),
    photos: z.array(adminPhotoSchema),
    nearbyPlaces: z.array(adminNearbyPlaceSchema),
  });
export type AdminProperty = z.infer<typeof adminPropertySchema>;
export const adminPropertyListSchema = z.array(adminPropertySchema);

/**
 * GET /api/admin/properties/{id}/details: exactly the public details of any
 * home, published or not, plus `published`. The property page asks for it
 * when the public details answer 404 to a console user, and shows an
 * unpublished home with a "Not published" banner.
 */
export const adminPropertyDetailsSchema = propertyDetailsSchema.extend({ published: z.boolean() });
export type AdminPropertyDetails = z.infer<typeof adminPropertyDetailsSchema>;

/** Free text that may be cleared: blank becomes null. */
function optionalText(field: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters long` })
    .nullable()
    .transform((value) => (value === '' ? null : value));
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The most a home's security deposit may be, in dollars (policies.ts). */
export const maxDepositDollars = centsToDollars(depositPolicy.maxCents);

const text = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${name} cannot be empty` })
    .max(max, { error: `${name} is at most ${max} characters` });

/** A tour or booking-frame URL: empty or null clears it; anything else must pass the allow-list (safe-url.ts). */
function allowListedUrl(name: string, kind: 'tour' | 'bookingFrame') {
  return z
    .string()
    .trim()
    .max(4096)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value === '') return null;
      const safe = safeUrl(value, kind);
      if (safe === null) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an https URL on an allowed host` });
        return z.NEVER;
      }
      return safe;
    });
}

/** A nearby place in a PATCH: a new one has no id; the list replaces the home's list in this order. */
export const adminNearbyPlaceInputSchema = z
  .object({
    id: z.string().uuid().optional(),
    name: text('A nearby place name', 200),
    description: z.string().trim().max(2000),
    distance: z.string().trim().max(50),
    photoKey: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: 'photoKey is not a media key' })
      .nullable()
      .default(null),
  })
  .strict();

/**
 * PATCH /api/admin/properties/{id}: any subset of the editable fields (at
 * least one). The identifiers (id, propertyId, slug) and derived fields
 * (rating, reviews, pictureUrl, images) are not editable; photos have their
 * own routes. Lists (amenities, nearbyPlaces, collections) replace the
 * home's list whole.
 */
export const adminPropertyPatchSchema = z
  .object({
    name: text('Name', 200),
    public_name: z.string().trim().max(200).nullable(),
    summary: text('Summary', 1000),
    description: z.string().trim().max(20_000),
    bedrooms: z.number().int().min(0).max(100),
    bathrooms: z
      .number()
      .min(0)
      .max(100)
      .refine((n) => Number.isInteger(n * 2), { error: 'Bathrooms are counted in halves' }),
    garages: z.number().int().min(0).max(50),
    area: z.number().int().min(0).max(1_000_000),
    city: text('City', 100),
    state: text('State', 100),
    country: text('Country', 100),
    timeZone: z.string().refine(isTimeZone, { error: 'timeZone must be an IANA time zone such as America/Denver' }),
    coordinates: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).strict(),
    maxGuests: z.number().int().min(1).max(50),
    petsAllowed: z.boolean(),
    published: z.boolean(),
    bookingWidgetUrl: allowListedUrl('bookingWidgetUrl', 'bookingFrame'),
    matterportUrl: allowListedUrl('matterportUrl', 'tour'),
    address: optionalText('address', 300),
    checkInTime: optionalText('checkInTime', 40),
    arrivalInstructions: optionalText('arrivalInstructions', 5000),
    doorCode: optionalText('doorCode', 40).refine((value) => value === null || !/[\r\n]/.test(value), {
      error: 'doorCode must be on one line',
    }),
    lodgingLicense: optionalText('lodgingLicense', 100),
    /** Dollars, whole cents; 0 means no deposit. */
    depositAmount: z
      .number({ error: 'depositAmount must be a number of dollars' })
      .min(0, { error: 'depositAmount cannot be negative; 0 means no deposit' })
      .max(maxDepositDollars, { error: `depositAmount is at most ${maxDepositDollars} dollars` })
      .refine(isWholeCents, { error: 'depositAmount has at most two decimals' }),
    ageRestricted: z.boolean({ error: 'ageRestricted must be true or false' }),
    collections: z
      .array(collectionNameSchema)
      .refine((list) => new Set(list).size === list.length, { error: 'collections lists a collection twice' }),
    amenities: z
      .array(
        amenitySchema.extend({ item: text('An amenity', 200), category: text('An amenity category', 100) }).strict(),
      )
      .max(500),
    nearbyPlaces: z.array(adminNearbyPlaceInputSchema).max(100),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Send at least one field to change' });
/** What the console sends. */
export type AdminPropertyPatch = z.input<typeof adminPropertyPatchSchema>;
/** What the server applies (URLs normalised, places defaulted). */
export type AdminPropertyChanges = z.output<typeof adminPropertyPatchSchema>;

/** Params of every /api/admin/properties/{id} route: UUID, propertyId (SAS-1006) or slug. */
export const adminPropertyParamsSchema = z.object({ id: z.string().trim().min(1).max(200) }).strict();
