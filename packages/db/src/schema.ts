// The catalogue and calendar schema. Importing this file opens no connection.
import { sql } from 'drizzle-orm';
import {
  bigserial,
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
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  AriSnapshot,
  TwinMismatch,
  DepositStatus,
  DiscountKind,
  InstallmentStatus,
  LedgerAccount,
  LedgerMovementKind,
  PaymentPlan,
  RefundReason,
  TaxAmount,
  TaxBasis,
} from '@sas/domain';

/** The last ARI sent to Google for a home (packages/domain google-ari.ts). */
export type StoredAriSnapshot = AriSnapshot;
export type StoredTwinMismatch = TwinMismatch;

/** A photo stored under DATA_DIR/media as `{key}-{width}.{avif|webp}`. */
export interface StoredImage {
  key: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * A photo staff attached to a booking's security deposit as evidence of a
 * capture (issue 17): its media key (stored like a home's uploads, in
 * media_files), when it was added and by which console user's id.
 */
export interface DepositEvidencePhoto {
  key: string;
  /** ISO instant. */
  uploadedAt: string;
  uploadedBy: string | null;
}

/** One discount of a priced stay (issue 26), in cents: weekly, monthly, lastMinute, earlyBird, gapNight or code. */
export interface StoredDiscount {
  kind: DiscountKind;
  name: string;
  amountCents: number;
}

export interface StoredAmenity {
  item: string;
  category: string;
}

/**
 * PostgreSQL daterange, half-open: `[checkIn, checkOut)`. Kept as the raw
 * range literal so dates never pass through a JS Date (no UTC shift).
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

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
  /** What a confirmed guest is told on their booking's page (never on the public page). */
  address: text('address'),
  /** e.g. "4:00 PM". */
  checkInTime: text('check_in_time'),
  arrivalInstructions: text('arrival_instructions'),
  /**
   * The door or lockbox code (issue 28): staff and admins only, told to a
   * booking's own guest in its messages before checkout, never on a public
   * page, feed or API.
   */
  doorCode: text('door_code'),
  /** The security deposit held on the guest's card around the stay (issue 17); 0 means none. */
  depositCents: integer('deposit_cents').notNull().default(0),
  /** Cabins and select luxury condos: the primary renter must confirm being over 25. */
  ageRestricted: boolean('age_restricted').notNull().default(false),
  maxGuests: integer('max_guests').notNull(),
  petsAllowed: boolean('pets_allowed').notNull().default(false),
  /**
   * Unpublished homes leave listings, search and the sitemap, and their
   * public URL answers 404; staff still see and edit them in the console.
   */
  published: boolean('published').notNull().default(true),
  /**
   * The home's short-term rental (lodging) licence number, where the town
   * issues one: Breckenridge requires it on every advertisement, so the
   * Google listing feed carries it (issue 27).
   */
  lodgingLicense: text('lodging_license'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    /** Hidden by staff in the console: never shown on the public pages. */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * imported: seeded from the platforms; guest: written by the guest of a
     * completed stay through the signed link of the thank-you message (issue 28).
     */
    source: text('source').$type<ReviewSource>().notNull().default('imported'),
    /**
     * A guest review waits for staff (pending), then is published or hidden;
     * `hidden` is kept true for pending and hidden ones, so every reader of
     * the public pages keeps filtering on it alone.
     */
    status: text('status').$type<ReviewStatus>().notNull().default('published'),
    /** The stay a guest review is of: one review per booking. */
    bookingId: uuid('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    /** The stay's check-in date, for "Stayed in Month Year". */
    stayedOn: date('stayed_on', { mode: 'string' }),
    /** cleanliness, accuracy, communication, location, value: 1-5 each. */
    ratings: jsonb('ratings').$type<Record<string, number>>(),
    /** The company's public reply. */
    reply: text('reply'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_property').on(t.propertyId),
    uniqueIndex('reviews_booking_unique').on(t.bookingId),
    index('reviews_status').on(t.status),
    check('reviews_source_valid', sql`${t.source} IN ('imported', 'guest')`),
    check('reviews_status_valid', sql`${t.status} IN ('pending', 'published', 'hidden')`),
  ],
);

export type ReviewSource = 'imported' | 'guest';
export type ReviewStatus = 'pending' | 'published' | 'hidden';

/**
 * reservation: a paid booking; hold: nights held while a guest pays;
 * staff_block: maintenance and the like, set in the console; owner_block: the
 * owner's own stay; imported_block: a night taken on another channel (iCal).
 */
export const stayKinds = ['reservation', 'hold', 'staff_block', 'owner_block', 'imported_block'] as const;
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
    /**
     * Holds only: the reservation's reference (kept with the guest's draft for
     * its whole life). A new payment attempt under the same reference replaces
     * the hold instead of colliding with it.
     */
    reference: text('reference'),
    /** Blocks only: the console user who set it. */
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stays_property').on(t.propertyId),
    // The availability search asks which homes have an active stay sharing a
    // night with its dates, across every home at once (ADR 018).
    index('stays_active_nights')
      .using('gist', t.nights)
      .where(sql`${t.status} = 'active'`),
    index('stays_hold_reference')
      .on(t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
  ],
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

/**
 * A home's lodging taxes by jurisdiction (issue 29, ADR 046), in the order
 * they are shown. A home with none is taxed at its property_rates
 * jurisdiction's combined rate, as before.
 */
export const propertyTaxLines = pgTable(
  'property_tax_lines',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** The authority it is filed with, e.g. 'Town of Breckenridge'. */
    jurisdiction: text('jurisdiction').notNull(),
    /** Basis points: 340 is 3.40%. */
    rateBps: integer('rate_bps').notNull(),
    cleaningTaxable: boolean('cleaning_taxable').notNull(),
    addOnsTaxable: boolean('add_ons_taxable').notNull(),
    /** Stays of this many nights or more owe nothing to this line; null when none are exempt. */
    exemptFromNights: integer('exempt_from_nights'),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.position] }),
    unique('property_tax_lines_name').on(t.propertyId, t.jurisdiction, t.name),
    check(
      'property_tax_lines_valid',
      sql`${t.rateBps} BETWEEN 0 AND 10000 AND ${t.position} >= 0 AND (${t.exemptFromNights} IS NULL OR ${t.exemptFromNights} >= 1)`,
    ),
  ],
);

// Payments, bookings and e-mail -------------------------------------------------
// Money is integer cents. A booking is the confirmed outcome of one paid
// payment intent; e-mail leaves through a transactional outbox so a message
// is queued in the same transaction as the change it reports (ADR 009).

export const paymentProviders = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/**
 * Stripe's payment intent statuses, plus `refunded`: ours, set once the
 * payment was refunded in full, so a later read of the provider (which still
 * says `succeeded`) never turns it back into a bookable payment.
 */
export const paymentIntentStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
  'refunded',
] as const;
export type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];

/**
 * What a payment intent is for: the stay (its first or only charge), a
 * concierge service, a later installment of the stay, the deposit's hold,
 * or the deposit's $2 card validation.
 */
export const paymentPurposes = ['stay', 'concierge', 'installment', 'deposit', 'validation'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

export interface BookingGuests {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

/** An add-on as priced by the server (catalogue name and price in cents). */
export interface BookingAddOn {
  id: number;
  name: string;
  option?: string;
  price: number;
  /** The day of the stay and time (home's clock) the service is for; absent on bookings made before they were asked. */
  date?: string;
  time?: string;
}

/** A charge of a stay's plan as priced at creation (cents, due on the home's calendar). */
export interface PlannedCharge {
  dueDate: string;
  amountCents: number;
}

/** The rental agreement a guest accepted: the version the site published then, and when. */
export interface AcceptedAgreement {
  version: string;
  acceptedAt: string;
  over25: boolean;
}

export interface BookingContact {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  /** Opted in to texts at phoneNumber (issue 28). */
  textMessages?: boolean;
  /** Ticked the marketing e-mail box (issue 28). */
  marketingEmail?: boolean;
}

/**
 * One payment intent and the stay it pays for, as priced by the server when
 * it was created: confirmation books exactly this, whatever the browser says
 * later. For the sandbox provider this row is also the processor's record
 * (its status is what the sandbox card form decided).
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    /** The provider's id (pi_...). */
    id: text('id').primaryKey(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    status: text('status').$type<PaymentIntentStatus>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** SHA-256 of the client secret: enough to check one, useless to a reader of the table. */
    clientSecretHash: text('client_secret_hash').notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    /** The stay row holding the nights while the guest pays. */
    holdId: uuid('hold_id').references(() => stays.id),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    nights: integer('nights').notNull(),
    guests: jsonb('guests').$type<BookingGuests>().notNull(),
    addOns: jsonb('add_ons').$type<BookingAddOn[]>().notNull(),
    baseCents: integer('base_cents').notNull(),
    feesCents: integer('fees_cents').notNull(),
    taxesCents: integer('taxes_cents').notNull(),
    addOnsCents: integer('add_ons_cents').notNull(),
    /** The stay's discounts (issue 26), taken off the nights before taxes: their sum, and each line. */
    discountCents: integer('discount_cents').notNull().default(0),
    discounts: jsonb('discounts').$type<StoredDiscount[]>().notNull().default([]),
    /** The taxes line by line (issue 29), adding up to taxesCents; empty on rows made before them. */
    taxLines: jsonb('tax_lines').$type<TaxAmount[]>().notNull().default([]),
    /** The promo code applied, as the guest typed it; null when none. */
    promoCode: text('promo_code'),
    /** Sent with the create call; used when the browser never confirms (webhook, worker). */
    contact: jsonb('contact').$type<BookingContact>(),
    /** The browser's temporary confirmation code, kept for support look-ups. */
    clientReference: text('client_reference'),
    /** The signed-in guest who created the intent (from their access token); null when anonymous. */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Why the last attempt to pay failed (the decline message). */
    lastError: text('last_error'),
    /** Set when the paid nights could not be kept; the refund is retried until done. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /**
     * What the payment is for: a stay (booked when paid) or a concierge
     * service of a booking (booking_concierge, marked paid when paid).
     */
    purpose: text('purpose').$type<PaymentPurpose>().notNull().default('stay'),
    /** A stay's plan: `installments` charges `amountCents` now and the rest on `schedule`'s dates. */
    plan: text('plan').$type<PaymentPlan>().notNull().default('full'),
    /** The stay's charges as planned at creation (the first is this intent's amount). */
    schedule: jsonb('schedule').$type<PlannedCharge[]>(),
    /** The rental agreement the guest accepted for this stay. */
    agreement: jsonb('agreement').$type<AcceptedAgreement>(),
    /** The booking a later charge (installment, deposit, validation) belongs to. */
    bookingId: uuid('booking_id').references((): AnyPgColumn => bookings.id),
    /** `manual` for an authorization hold (the deposit): paid means `requires_capture`. */
    captureMethod: text('capture_method').$type<'automatic' | 'manual'>().notNull().default('automatic'),
    /** Keep the card for later charges (installments, deposit): the customer and card the provider saved. */
    saveCard: boolean('save_card').notNull().default(false),
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    /** What a manual-capture intent captured, in cents. */
    capturedCents: integer('captured_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_intents_status').on(t.status, t.updatedAt),
    index('payment_intents_booking').on(t.bookingId),
    check('payment_intents_provider_valid', sql`${t.provider} IN ('sandbox', 'stripe')`),
    check(
      'payment_intents_purpose_valid',
      sql`${t.purpose} IN ('stay', 'concierge', 'installment', 'deposit', 'validation')`,
    ),
    check('payment_intents_plan_valid', sql`${t.plan} IN ('full', 'installments')`),
    check(
      'payment_intents_amount_valid',
      sql`${t.amountCents} > 0 AND (${t.purpose} IN ('installment', 'deposit', 'validation') OR (${t.plan} = 'installments' AND ${t.amountCents} <= ${t.baseCents} - ${t.discountCents} + ${t.feesCents} + ${t.taxesCents} + ${t.addOnsCents}) OR ${t.amountCents} = ${t.baseCents} - ${t.discountCents} + ${t.feesCents} + ${t.taxesCents} + ${t.addOnsCents})`,
    ),
    check('payment_intents_discount_valid', sql`${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.baseCents}`),
  ],
);

/**
 * The sandbox processor's own record of the charges it made off-session
 * (installments, deposit holds, validations), keyed by idempotency key as
 * Stripe keys them: a charge asked again under the same key answers the
 * first one, so a scheduler that crashed after charging and before
 * recording finds that charge instead of making another.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentMethodId: text('payment_method_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<PaymentIntentStatus>().notNull(),
  captureMethod: text('capture_method').$type<'automatic' | 'manual'>().notNull(),
  capturedCents: integer('captured_cents'),
  lastError: text('last_error'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A refund of (part of) a payment intent: in full when paid nights were lost,
 * or what a cancellation gives back. An intent may have several. Written only
 * by the one refund path (apps/server/src/services/refunds).
 */
export const paymentRefunds = pgTable('payment_refunds', {
  /** The provider's id (re_...). */
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id')
    .notNull()
    .references(() => paymentIntents.id),
  provider: text('provider').$type<PaymentProviderName>().notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull(),
  reason: text('reason').$type<RefundReason>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bookingStatuses = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * A confirmed booking: one per paid payment intent (unique), pointing at the
 * stay that occupies its nights. Amounts are the intent's, never the browser's.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** What the guest quotes on the phone, e.g. SAS-7K3Q9P. */
    code: text('code').notNull().unique(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .unique()
      .references(() => paymentIntents.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => stays.id),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    nights: integer('nights').notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    infants: integer('infants').notNull(),
    pets: integer('pets').notNull(),
    // Null only when a payment was confirmed without the browser and without
    // contact details on the intent: the stay is kept, staff call the guest.
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    /**
     * The number (E.164) the guest asked to get arrival details and the
     * checkout reminder by text at (issue 28); null when they did not opt in.
     */
    textPhone: text('text_phone'),
    addOns: jsonb('add_ons').$type<BookingAddOn[]>().notNull(),
    baseCents: integer('base_cents').notNull(),
    feesCents: integer('fees_cents').notNull(),
    taxesCents: integer('taxes_cents').notNull(),
    addOnsCents: integer('add_ons_cents').notNull(),
    /** What the discounts took off the nights (issue 26): the total is what the guest paid. */
    discountCents: integer('discount_cents').notNull().default(0),
    discounts: jsonb('discounts').$type<StoredDiscount[]>().notNull().default([]),
    /** The taxes line by line (issue 29), adding up to taxesCents; empty on rows made before them. */
    taxLines: jsonb('tax_lines').$type<TaxAmount[]>().notNull().default([]),
    promoCode: text('promo_code'),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    /** The account the booking belongs to: its payment intent's user, never matched by e-mail. */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The rental agreement accepted at booking (issue 17); null on bookings made before it was asked. */
    agreement: jsonb('agreement').$type<AcceptedAgreement>(),
    paymentPlan: text('payment_plan').$type<PaymentPlan>().notNull().default('full'),
    /** The card the provider saved for later charges (installments, the deposit). */
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_property').on(t.propertyId, t.checkIn),
    index('bookings_user').on(t.userId, t.checkIn),
    check('bookings_status_valid', sql`${t.status} IN ('confirmed', 'cancelled')`),
    check(
      'bookings_total_valid',
      sql`${t.totalCents} = ${t.baseCents} - ${t.discountCents} + ${t.feesCents} + ${t.taxesCents} + ${t.addOnsCents}`,
    ),
    check('bookings_discount_valid', sql`${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.baseCents}`),
  ],
);

/**
 * A concierge service a guest added to a booking after booking it (issue 16):
 * an add-on of the catalogue for a day and time of the stay, paid by its own
 * payment intent. `pending` until paid; `abandoned` when a newer order for
 * the same evening replaced it unpaid; `cancelled` with its refund. The
 * partial unique index keeps one paid private chef per evening per home.
 */
export type BookingConciergeStatus = 'pending' | 'paid' | 'cancelled' | 'abandoned';

export const bookingConcierge = pgTable(
  'booking_concierge',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    addOnId: integer('add_on_id').notNull(),
    name: text('name').notNull(),
    option: text('option'),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    /** HH:MM on the home's clock. */
    serviceTime: text('service_time').notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status').$type<BookingConciergeStatus>().notNull().default('pending'),
    paymentIntentId: text('payment_intent_id')
      .unique()
      .references(() => paymentIntents.id),
    refundCents: integer('refund_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('booking_concierge_booking').on(t.bookingId, t.serviceDate),
    index('booking_concierge_schedule').on(t.serviceDate, t.serviceTime),
    uniqueIndex('booking_concierge_one_chef_per_evening')
      .on(t.propertyId, t.serviceDate)
      .where(sql`${t.addOnId} = 3 AND ${t.status} = 'paid'`),
    check('booking_concierge_price_valid', sql`${t.priceCents} > 0`),
    check('booking_concierge_status_valid', sql`${t.status} IN ('pending', 'paid', 'cancelled', 'abandoned')`),
  ],
);

/**
 * One charge of a booking's payment schedule (issue 17): the first is the
 * stay's own payment intent (paid at booking); later ones are charged
 * off-session by the payment scheduler on their due date (home's calendar).
 * `attempt` numbers the idempotency key of the next charge: it moves on only
 * when a charge is recorded as failed, so a charge retried after a crash
 * reuses its key and finds the same payment at the provider.
 */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    seq: integer('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<InstallmentStatus>().notNull().default('scheduled'),
    paymentIntentId: text('payment_intent_id').references(() => paymentIntents.id),
    attempt: integer('attempt').notNull().default(1),
    /** Set while a scheduler charges it; a charge older than the lease is taken again (after a crash). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** A failed payment not made by then cancels the booking (72-hour grace). */
    payBy: timestamp('pay_by', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('booking_payments_seq').on(t.bookingId, t.seq),
    index('booking_payments_due').on(t.status, t.dueDate),
    check('booking_payments_amount_valid', sql`${t.amountCents} > 0`),
    check('booking_payments_status_valid', sql`${t.status} IN ('scheduled', 'paid', 'failed', 'waived')`),
  ],
);

/**
 * A booking's security deposit (issue 17), one row per booking whose home
 * asks for one: the $2 validation charge and its refund, then authorization
 * holds from 7 days before check-in, each renewed after at most 4 days (the
 * new one placed before the old one is released), until 2 days after
 * check-out; then released, unless staff captured part of it first.
 * `step` numbers the provider calls' idempotency keys like booking_payments.attempt.
 */
export const bookingDeposits = pgTable(
  'booking_deposits',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<Exclude<DepositStatus, 'none'>>().notNull().default('scheduled'),
    /** When the first hold is due (7 days before check-in, home's midnight). */
    holdFrom: timestamp('hold_from', { withTimezone: true }).notNull(),
    /** When the last hold is released (2 days after check-out, home's midnight). */
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    validationIntentId: text('validation_intent_id').references(() => paymentIntents.id),
    validationStatus: text('validation_status')
      .$type<'pending' | 'charged' | 'refunded' | 'failed'>()
      .notNull()
      .default('pending'),
    holdIntentId: text('hold_intent_id').references(() => paymentIntents.id),
    /** A replaced hold still to release once its successor is in place. */
    previousHoldIntentId: text('previous_hold_intent_id').references(() => paymentIntents.id),
    heldAt: timestamp('held_at', { withTimezone: true }),
    holdCount: integer('hold_count').notNull().default(0),
    step: integer('step').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Declined holds in a row (issue 29): from 1 to depositPolicy.holdRetries
     * the scheduler tries again; above it the guest has been asked. 0 after
     * a hold is placed.
     */
    holdRetries: integer('hold_retries').notNull().default(0),
    capturedCents: integer('captured_cents'),
    captureReason: text('capture_reason'),
    captureNote: text('capture_note'),
    /** Photos of the damage, in the order they were added (at most 10). */
    evidence: jsonb('evidence')
      .$type<DepositEvidencePhoto[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    capturedBy: uuid('captured_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('booking_deposits_status').on(t.status),
    check('booking_deposits_amount_valid', sql`${t.amountCents} > 0 AND ${t.amountCents} <= 100000`),
    check(
      'booking_deposits_status_valid',
      sql`${t.status} IN ('scheduled', 'held', 'released', 'captured', 'failed', 'cancelled')`,
    ),
  ],
);

export const refundChoices = ['policy', 'full', 'none', 'amount'] as const;
export type RefundChoice = (typeof refundChoices)[number];
export const cancellationStatuses = ['refund_pending', 'done'] as const;
export type CancellationStatus = (typeof cancellationStatuses)[number];

/**
 * A booking's cancellation, written once (its key is the booking): the
 * refund decided then is the one issued, whoever asks again. The refund is
 * issued after the row commits, with an idempotency key derived from the
 * booking, and retried until `done`.
 */
export const bookingCancellations = pgTable(
  'booking_cancellations',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    /** Who cancelled: the guest's or the console user's account; null for the system. */
    cancelledBy: uuid('cancelled_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    actor: text('actor').$type<'guest' | 'staff' | 'system'>().notNull(),
    refundChoice: text('refund_choice').$type<RefundChoice>().notNull(),
    refundCents: integer('refund_cents').notNull(),
    status: text('status').$type<CancellationStatus>().notNull().default('refund_pending'),
    refundId: text('refund_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('booking_cancellations_refund_valid', sql`${t.refundCents} >= 0`)],
);

/** Staff notes on a booking, shown on its console page. */
export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_notes_booking').on(t.bookingId, t.createdAt)],
);

export const emailStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];
/** What became of a sent message at the receiving end (issue 28). */
export const deliveryStatuses = ['accepted', 'delivered', 'bounced'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * The transactional outbox: a message is a row written in the transaction
 * that caused it, and a worker sends it afterwards (claiming rows with
 * FOR UPDATE SKIP LOCKED), retrying with backoff. `dedupe_key` makes
 * enqueueing idempotent: the same event never queues two messages.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** What the message is, e.g. booking_confirmation. */
    kind: text('kind').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** What the message is about, e.g. booking:<id>, for look-ups and rate limits. */
    reference: text('reference'),
    /** Extra headers, e.g. List-Unsubscribe on marketing mail (issue 28). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').$type<EmailStatus>().notNull().default('queued'),
    /** Sends tried so far, counted when a worker claims the row. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker took the row; a `sending` row claimed long ago belongs to a dead worker. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * What the receiving mail server answered (issue 28): `delivered` when it
     * accepted the message, `bounced` when it refused the recipient or the
     * message for good (5xx); null before an answer. `delivery_detail` is its words.
     */
    delivery: text('delivery').$type<DeliveryStatus>(),
    deliveryDetail: text('delivery_detail'),
  },
  (t) => [
    index('email_outbox_due').on(t.status, t.nextAttemptAt),
    index('email_outbox_reference').on(t.reference, t.createdAt),
    check('email_outbox_status_valid', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed')`),
    check('email_outbox_delivery_valid', sql`${t.delivery} IN ('accepted', 'delivered', 'bounced')`),
  ],
);

/**
 * A homeowner asking about management (the Management page's call to action).
 * Stored first, then e-mailed to the company through the outbox in the same
 * transaction, so an inquiry is never lost to a mail outage.
 */
export const ownerInquiries = pgTable(
  'owner_inquiries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    propertyLocation: text('property_location').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'new' | 'contacted' | 'closed'>().notNull().default('new'),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('owner_inquiries_created').on(t.createdAt),
    check('owner_inquiries_status_valid', sql`${t.status} IN ('new', 'contacted', 'closed')`),
    check('owner_inquiries_bedrooms_valid', sql`${t.bedrooms} BETWEEN 0 AND 50`),
  ],
);

// Accounts ------------------------------------------------------------------------
// ADR 012: argon2id password hashes, refresh tokens and reset tokens kept only
// as SHA-256 digests, social identities linked by provider and subject.

export const userRoles = ['guest', 'owner', 'staff', 'admin', 'cleaner'] as const;
export type UserRoleName = (typeof userRoles)[number];

/** One account. E-mails are unique whatever their case; social-only accounts have no password. */
export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    /** argon2id PHC string; null for accounts that only sign in with a provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<UserRoleName>().notNull().default('guest'),
    /** Base32 TOTP secret of two-step sign-in; set while enrolling, enforced once enabled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    check('users_role_valid', sql`${t.role} IN ('guest', 'owner', 'staff', 'admin', 'cleaner')`),
  ],
);

/**
 * A refresh token, stored as its SHA-256. Every refresh rotates: the old row
 * is revoked and points at its replacement. A family is one sign-in's chain;
 * presenting a token that was already rotated revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The token this one was rotated into; set together with revoked_at. */
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId), index('refresh_tokens_user').on(t.userId)],
);

/** A password reset link's token, as its SHA-256: single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, or when a newer request replaced it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user').on(t.userId)],
);

/** A social sign-in (google, facebook, apple) linked to an account by the provider's subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail the provider reported at the last sign-in, for support. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_identities_provider_subject').on(t.provider, t.subject),
    index('user_identities_user').on(t.userId),
  ],
);

// Operations (the console) -----------------------------------------------------------

/** An owner's homes: an owner sees and blocks only these. */
export const propertyOwners = pgTable(
  'property_owners',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index('property_owners_property').on(t.propertyId)],
);

/**
 * An owner's terms with the company (issue 29): the commission taken from
 * their homes' rent after discounts, and where their payouts go. An owner
 * without a row pays the default commission (@sas/domain ledger.ts).
 */
export const ownerAccounts = pgTable(
  'owner_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Basis points: 2000 is 20%. */
    commissionBps: integer('commission_bps').notNull(),
    /** Free text for the bookkeeper (bank, reference); never shown to guests. */
    payoutDetails: text('payout_details').notNull().default(''),
  },
  (t) => [check('owner_accounts_commission_valid', sql`${t.commissionBps} BETWEEN 0 AND 10000`)],
);

/**
 * The ledger (issue 29, ADR 046): every movement of money as balanced
 * double-entry lines, written in the transaction that records the movement.
 * The lines of one movement balance; a movement is written once (its key is
 * the processor's id of the charge, refund or capture).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The movement's key, e.g. 'charge:pi_...' or 'refund:re_...'. */
    movement: text('movement').notNull(),
    kind: text('kind').$type<LedgerMovementKind>().notNull(),
    /** The line's place in its movement. */
    line: integer('line').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    account: text('account').$type<LedgerAccount>().notNull(),
    /** A tax's jurisdiction, or the owner's user id for owner payable. */
    party: text('party'),
    /** A tax's name. */
    detail: text('detail'),
    debitCents: integer('debit_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    bookingId: uuid('booking_id').references(() => bookings.id),
    propertyId: uuid('property_id').references(() => properties.id),
    memo: text('memo').notNull(),
    /** The processor's id of what moved the money (pi_..., re_...). */
    reference: text('reference'),
  },
  (t) => [
    unique('ledger_entries_movement_line').on(t.movement, t.line),
    index('ledger_entries_at').on(t.at),
    index('ledger_entries_booking').on(t.bookingId),
    check(
      'ledger_entries_amount_valid',
      sql`${t.debitCents} >= 0 AND ${t.creditCents} >= 0 AND (${t.debitCents} = 0) <> (${t.creditCents} = 0)`,
    ),
  ],
);

/**
 * The company's bookkeeping choices (issue 29): one row. `taxBasis` is when
 * the monthly tax return counts a stay: the month its nights were stayed
 * ('stay', the default) or the month it was paid ('payment').
 */
export const companySettings = pgTable(
  'company_settings',
  {
    id: boolean('id').primaryKey().default(true),
    taxBasis: text('tax_basis').$type<TaxBasis>().notNull().default('stay'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_settings_single', sql`${t.id}`),
    check('company_settings_tax_basis_valid', sql`${t.taxBasis} IN ('stay', 'payment')`),
  ],
);

/**
 * An expense staff paid for an owner's home (issue 29): its receipt (a
 * JPEG, PNG, WebP or PDF checked by its first bytes) is kept here, read
 * only by staff and the home's owner. The money is a ledger movement
 * (`expense:{id}`): the owner's payable is reduced in the same transaction.
 */
export const ownerExpenses = pgTable(
  'owner_expenses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    /** The owner charged (the home's owner when it was recorded). */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    date: date('date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    memo: text('memo').notNull(),
    receiptType: text('receipt_type').notNull(),
    receiptName: text('receipt_name').notNull(),
    receipt: bytea('receipt').notNull(),
    /** The client's key: a repeat of the same upload records nothing more. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('owner_expenses_owner_date').on(t.ownerId, t.date),
    index('owner_expenses_property').on(t.propertyId),
    check('owner_expenses_amount_valid', sql`${t.amountCents} > 0`),
  ],
);

/** Every console write: who, when, what, and the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order of writing: entries of one transaction share their time, and
     * PGlite's clock may give two quick transactions the same one.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written: the account may be renamed or deleted later. */
    actorEmail: text('actor_email').notNull(),
    /** e.g. property.update, rates.replace, block.create, reservation.cancel. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_entity').on(t.entity, t.entityId)],
);

/** Terms that hide a review containing them (SPEC.md's blocklist, editable by staff). */
export const reviewBlocklist = pgTable('review_blocklist', {
  term: text('term').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uploaded photos' rendered files, in the database so that every server
 * process serves them (the data directory is not shared). Keyed like the
 * files under DATA_DIR/media: `{key}-{width}.{format}`.
 */
export const mediaFiles = pgTable('media_files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An invitation to the console: the e-mailed link sets the account's password (stored as SHA-256). */
export const userInvites = pgTable(
  'user_invites',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_invites_user').on(t.userId)],
);

// Channel sync by iCal (issue 15) -----------------------------------------------------

export const calendarChannels = ['airbnb', 'vrbo', 'booking', 'other'] as const;
export type CalendarChannel = (typeof calendarChannels)[number];

/**
 * A home's export feed for one channel: the secret token in its URL
 * (`/api/properties/{id}/calendar.ics?token=`), rotatable in the console.
 * Kept in clear: the console shows the URL to paste into the channel.
 */
export const calendarExports = pgTable(
  'calendar_exports',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<CalendarChannel>().notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.channel] }),
    check('calendar_exports_channel_valid', sql`${t.channel} IN ('airbnb', 'vrbo', 'booking', 'other')`),
  ],
);

/** A channel's calendar imported into a home: fetched by the sync worker. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    channel: text('channel').$type<CalendarChannel>().notNull(),
    /** Conditional GET: what the channel answered last time. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The first failure of the current run of failures; null while it succeeds. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Set when staff were e-mailed about this run of failures (once per run). */
    failureEmailedAt: timestamp('failure_emailed_at', { withTimezone: true }),
    /** Events the last successful sync read (future ones). */
    eventCount: integer('event_count').notNull().default(0),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_feeds_property').on(t.propertyId),
    index('calendar_feeds_due').on(t.nextSyncAt),
    check('calendar_feeds_channel_valid', sql`${t.channel} IN ('airbnb', 'vrbo', 'booking', 'other')`),
  ],
);

/**
 * One event of a feed, keyed by feed and UID: the block it became (an
 * `imported_block` stay), or a conflict when its nights overlap a booking or
 * hold here (no stay; recorded, shown and e-mailed once).
 */
export const calendarFeedEvents = pgTable(
  'calendar_feed_events',
  {
    feedId: uuid('feed_id')
      .notNull()
      .references(() => calendarFeeds.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    summary: text('summary'),
    stayId: uuid('stay_id').references(() => stays.id, { onDelete: 'set null' }),
    /** The booking or hold it collides with, e.g. a booking code; null when it is a block. */
    conflictWith: text('conflict_with'),
    conflictEmailedAt: timestamp('conflict_emailed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.feedId, t.uid] }),
    check('calendar_feed_events_nights', sql`${t.checkOut} > ${t.checkIn}`),
  ],
);

// Promotions (issue 26, ADR 042) -------------------------------------------------

/**
 * A home's automatic discounts, in basis points of the nights' subtotal
 * (1% = 100); 0 or null is off. At most one applies to a stay, the one worth
 * most to the guest (@sas/domain promotions.ts).
 */
export const propertyDiscounts = pgTable(
  'property_discounts',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    weeklyBps: integer('weekly_bps').notNull().default(0),
    monthlyBps: integer('monthly_bps').notNull().default(0),
    lastMinuteDays: integer('last_minute_days'),
    lastMinuteBps: integer('last_minute_bps'),
    earlyBirdDays: integer('early_bird_days'),
    earlyBirdBps: integer('early_bird_bps'),
    gapMaxNights: integer('gap_max_nights'),
    gapBps: integer('gap_bps'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'property_discounts_valid',
      sql`${t.weeklyBps} BETWEEN 0 AND 9000 AND ${t.monthlyBps} BETWEEN 0 AND 9000
        AND (${t.lastMinuteDays} IS NULL) = (${t.lastMinuteBps} IS NULL)
        AND (${t.earlyBirdDays} IS NULL) = (${t.earlyBirdBps} IS NULL)
        AND (${t.gapMaxNights} IS NULL) = (${t.gapBps} IS NULL)
        AND coalesce(${t.lastMinuteBps}, 0) BETWEEN 0 AND 9000 AND coalesce(${t.earlyBirdBps}, 0) BETWEEN 0 AND 9000
        AND coalesce(${t.gapBps}, 0) BETWEEN 0 AND 9000 AND coalesce(${t.gapMaxNights}, 1) BETWEEN 1 AND 3`,
    ),
  ],
);

/**
 * A collection's automatic discounts (same columns as a home's): they apply
 * to the collection's homes that have none of their own; a home in several
 * collections takes, for each kind, the best for the guest.
 */
/**
 * The returning-guest offer (issue 26 item 6): one row, or none for the
 * default (off). Percent in basis points, as the discounts keep theirs.
 */
export const returningGuestOffer = pgTable(
  'returning_guest_offer',
  {
    id: boolean('id').primaryKey().default(true),
    enabled: boolean('enabled').notNull().default(false),
    percentBps: integer('percent_bps').notNull(),
    validDays: integer('valid_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('returning_guest_offer_single', sql`${t.id}`),
    check('returning_guest_offer_valid', sql`${t.percentBps} BETWEEN 1 AND 10000 AND ${t.validDays} BETWEEN 1 AND 730`),
  ],
);

export const collectionDiscounts = pgTable(
  'collection_discounts',
  {
    collection: text('collection').$type<CollectionName>().primaryKey(),
    weeklyBps: integer('weekly_bps').notNull().default(0),
    monthlyBps: integer('monthly_bps').notNull().default(0),
    lastMinuteDays: integer('last_minute_days'),
    lastMinuteBps: integer('last_minute_bps'),
    earlyBirdDays: integer('early_bird_days'),
    earlyBirdBps: integer('early_bird_bps'),
    gapMaxNights: integer('gap_max_nights'),
    gapBps: integer('gap_bps'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'collection_discounts_collection_valid',
      sql`${t.collection} IN ('essentials', 'resort', 'luxury', 'michigan')`,
    ),
    check(
      'collection_discounts_valid',
      sql`${t.weeklyBps} BETWEEN 0 AND 9000 AND ${t.monthlyBps} BETWEEN 0 AND 9000
        AND (${t.lastMinuteDays} IS NULL) = (${t.lastMinuteBps} IS NULL)
        AND (${t.earlyBirdDays} IS NULL) = (${t.earlyBirdBps} IS NULL)
        AND (${t.gapMaxNights} IS NULL) = (${t.gapBps} IS NULL)
        AND coalesce(${t.lastMinuteBps}, 0) BETWEEN 0 AND 9000 AND coalesce(${t.earlyBirdBps}, 0) BETWEEN 0 AND 9000
        AND coalesce(${t.gapBps}, 0) BETWEEN 0 AND 9000 AND coalesce(${t.gapMaxNights}, 1) BETWEEN 1 AND 3`,
    ),
  ],
);

export const promotionKinds = ['percent', 'amount'] as const;
export type PromotionKind = (typeof promotionKinds)[number];
export const promotionStatuses = ['active', 'paused'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

/**
 * A promo code. `value` is basis points for a percentage, cents for an
 * amount. Codes are unique whatever their case among the codes not deleted;
 * a deleted code keeps its row for the redemptions and bookings that name it.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    value: integer('value').notNull(),
    minNights: integer('min_nights'),
    /** Earliest check-in and latest check-out of a stay the code takes. */
    stayFrom: date('stay_from', { mode: 'string' }),
    stayTo: date('stay_to', { mode: 'string' }),
    /** First and last day (the home's) a booking may use it. */
    bookFrom: date('book_from', { mode: 'string' }),
    bookTo: date('book_to', { mode: 'string' }),
    homes: jsonb('homes').$type<string[]>().notNull().default([]),
    collections: jsonb('collections').$type<string[]>().notNull().default([]),
    maxUses: integer('max_uses'),
    maxUsesPerGuest: integer('max_uses_per_guest'),
    combinable: boolean('combinable').notNull().default(false),
    status: text('status').$type<PromotionStatus>().notNull().default('active'),
    /** A returning guest's personal code: only this e-mail (lower case) may use it. */
    guestEmail: text('guest_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('promotions_code_unique')
      .on(sql`lower(${t.code})`)
      .where(sql`${t.deletedAt} IS NULL`),
    check('promotions_kind_valid', sql`${t.kind} IN ('percent', 'amount')`),
    check('promotions_status_valid', sql`${t.status} IN ('active', 'paused')`),
    check(
      'promotions_value_valid',
      sql`${t.value} > 0 AND (${t.kind} = 'amount' OR ${t.value} <= 10000)
        AND coalesce(${t.minNights}, 1) >= 1 AND coalesce(${t.maxUses}, 1) >= 1 AND coalesce(${t.maxUsesPerGuest}, 1) >= 1`,
    ),
  ],
);

export const redemptionStatuses = ['reserved', 'redeemed'] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

/**
 * One use of a promo code. Reserved with the payment hold, in its
 * transaction; it counts while that hold is active and not lapsed, and for
 * good once the booking is recorded (`redeemed`, booking_id set).
 */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotions.id),
    holdId: uuid('hold_id').references(() => stays.id),
    bookingId: uuid('booking_id').references((): AnyPgColumn => bookings.id),
    /** The guest's e-mail, lower case (uses per guest); null when none was given. */
    email: text('email'),
    discountCents: integer('discount_cents').notNull(),
    status: text('status').$type<RedemptionStatus>().notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotion_redemptions_promotion').on(t.promotionId),
    index('promotion_redemptions_hold').on(t.holdId),
    check('promotion_redemptions_status_valid', sql`${t.status} IN ('reserved', 'redeemed')`),
  ],
);

// Turnover tasks (issue 30, ADR 043) ------------------------------------------------------

/** One line of a task kind's checklist. */
export interface TaskChecklistItem {
  item: string;
  /** The cleaner must attach a photo of it before finishing the task. */
  requiresPhoto: boolean;
}

/** A checklist line of a task as the cleaner ticked it. */
export interface TaskChecklistState extends TaskChecklistItem {
  done: boolean;
  /** A photo of this task (task_photos.id) showing the item. */
  photoId?: string;
}

/** When a kind's task is due: around a stay's departure, or before its arrival. */
export const taskTimings = ['departure', 'arrival'] as const;
export type TaskTiming = (typeof taskTimings)[number];

export const taskStatuses = ['open', 'started', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/**
 * A kind of task of one home: the four defaults (departure clean, pre-arrival
 * inspection, hot-tub service for a home with a hot tub, linen delivery) are
 * written the first time the home's tasks are planned; staff may add more.
 */
export const taskKinds = pgTable(
  'task_kinds',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** e.g. departure_clean; a staff-added kind gets its own. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    timing: text('timing').$type<TaskTiming>().notNull(),
    checklist: jsonb('checklist').$type<TaskChecklistItem[]>().notNull(),
    expectedMinutes: integer('expected_minutes').notNull(),
    defaultAssigneeId: uuid('default_assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** An inactive kind plans no new tasks; its open ones are cancelled. */
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('task_kinds_property_key').on(t.propertyId, t.key),
    check('task_kinds_timing_valid', sql`${t.timing} IN ('departure', 'arrival')`),
    check('task_kinds_minutes_valid', sql`${t.expectedMinutes} BETWEEN 1 AND 1440`),
  ],
);

/**
 * One task of one stay: planned from the stay (a reservation, an owner stay or
 * an imported one) in the transaction that wrote it, moved when its window
 * moves and cancelled when the stay is released. `planned_*` is the window the
 * stays give; `window_*` the one in force (staff may change it).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kindId: uuid('kind_id')
      .notNull()
      .references(() => taskKinds.id, { onDelete: 'cascade' }),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    plannedStart: timestamp('planned_start', { withTimezone: true }).notNull(),
    plannedEnd: timestamp('planned_end', { withTimezone: true }).notNull(),
    /** The next guests arrive on the day these leave. */
    sameDayTurnover: boolean('same_day_turnover').notNull().default(false),
    /** The next arrival at the home after this task (check-in instant), if any. */
    nextArrival: timestamp('next_arrival', { withTimezone: true }),
    /** Adults, children and infants of the stay, when known (a booking). */
    partySize: integer('party_size'),
    status: text('status').$type<TaskStatus>().notNull().default('open'),
    assigneeId: uuid('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    checklist: jsonb('checklist').$type<TaskChecklistState[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tasks_stay_kind').on(t.stayId, t.kindId),
    index('tasks_property_window').on(t.propertyId, t.windowStart),
    index('tasks_assignee_window').on(t.assigneeId, t.windowStart),
    index('tasks_window').on(t.windowStart),
    check('tasks_status_valid', sql`${t.status} IN ('open', 'started', 'done', 'cancelled')`),
    check('tasks_window_valid', sql`${t.windowEnd} >= ${t.windowStart}`),
  ],
);

/** A photo a cleaner took for a task (stored like a home's uploads, in media_files). */
export const taskPhotos = pgTable(
  'task_photos',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_photos_task').on(t.taskId)],
);

export const taskProblemKinds = ['damage', 'maintenance'] as const;
export type TaskProblemKind = (typeof taskProblemKinds)[number];

/**
 * A problem a cleaner reported from a task: damage (shown on the reservation
 * for a deposit capture) or maintenance (a ticket staff close).
 */
export const taskProblems = pgTable(
  'task_problems',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The reservation the damage is charged to: the departing stay's booking. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    kind: text('kind').$type<TaskProblemKind>().notNull(),
    note: text('note').notNull(),
    /** task_photos ids. */
    photoIds: jsonb('photo_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    reportedBy: uuid('reported_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    closedBy: uuid('closed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('task_problems_property').on(t.propertyId, t.status),
    index('task_problems_booking').on(t.bookingId),
    check('task_problems_kind_valid', sql`${t.kind} IN ('damage', 'maintenance')`),
    check('task_problems_status_valid', sql`${t.status} IN ('open', 'closed')`),
  ],
);

// Google Vacation Rentals (issue 27, ADR 044) -----------------------------------

/** One row: the secret token of the listing feed's URL, rotated in the console. */
export const googleSettings = pgTable(
  'google_settings',
  {
    id: boolean('id').primaryKey().default(true),
    feedToken: text('feed_token').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('google_settings_single', sql`${t.id}`)],
);

/**
 * The durable push queue: a row per change that may move a home's price or
 * nights, written by the database itself (triggers of the google migration on
 * stays, rates, seasons, discounts, collections, taxes and homes), so no
 * writer can forget one. `dueAt` is when it matters: now for a write, the
 * hold's expiry for a payment hold (its nights reopen then with no write).
 * The push worker takes a home's due rows, sends one batch and deletes them.
 */
export const googleAriChanges = pgTable(
  'google_ari_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('google_ari_changes_due').on(t.dueAt), index('google_ari_changes_home').on(t.propertyId, t.id)],
);

/**
 * Per home: what Google was last sent (the ARI snapshot the price-accuracy
 * twin reads), when, the retry state of a failing push, and whether the twin
 * holds the home's pushes back. The row is also the home's send lock: a
 * sender holds it FOR UPDATE while it posts, so one process sends a home's
 * messages, in order.
 */
export const googleAriHomes = pgTable('google_ari_homes', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  sent: jsonb('sent').$type<StoredAriSnapshot>(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** When the last full (not incremental) refresh went out. */
  fullSentAt: timestamp('full_sent_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** Set by the twin when what Google holds disagrees with the site: pushes wait until what would be sent agrees. */
  blockedReason: text('blocked_reason'),
});

/** Each run of the price-accuracy twin, with the first mismatches it found. */
export const googleTwinRuns = pgTable('google_twin_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  itineraries: integer('itineraries').notNull(),
  mismatches: integer('mismatches').notNull(),
  details: jsonb('details').$type<StoredTwinMismatch[]>().notNull(),
});

/**
 * The console's wording and timing of a guest message (issue 28): a row only
 * for a template staff changed; the defaults live in code (@sas/domain).
 */
export const messageTemplates = pgTable('message_templates', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  offsetDays: integer('offset_days').notNull(),
  /** "HH:MM" on the home's clock. */
  time: text('time').notNull(),
  updatedBy: uuid('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const guestMessageStatuses = ['scheduled', 'sent', 'skipped', 'failed', 'cancelled'] as const;
export type GuestMessageStatus = (typeof guestMessageStatuses)[number];

/**
 * A booking's message timeline (issue 28): one row per booking, template,
 * channel and home-time date (`dedupe_key`, unique), scheduled from the
 * booking and settled once: sent (with the outbox row it became), skipped
 * (with why), or cancelled (the booking was cancelled or its dates moved).
 * Workers claim due rows FOR UPDATE SKIP LOCKED, so two processes never send
 * one twice.
 */
export const guestMessages = pgTable(
  'guest_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull().default('email'),
    /** The home-time date it is for. */
    date: date('date', { mode: 'string' }).notNull(),
    /** booking:<id>:<template>:<channel>:<date>. */
    dedupeKey: text('dedupe_key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Not sent after this (skipped): e.g. an arrival message after check-in. */
    lateAfter: timestamp('late_after', { withTimezone: true }).notNull(),
    status: text('status').$type<GuestMessageStatus>().notNull().default('scheduled'),
    reason: text('reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    /** A text's id at the texting provider (Twilio's message SID), once it took it. */
    providerMessageId: text('provider_message_id'),
    /**
     * A text's fate as its provider last reported it (issue 28): `accepted`
     * (taken, on its way), `delivered`, `bounced` (undelivered or failed),
     * with the provider's status and error code in `delivery_detail`. E-mail
     * rows read theirs from the outbox.
     */
    delivery: text('delivery').$type<DeliveryStatus>(),
    deliveryDetail: text('delivery_detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('guest_messages_dedupe_key_unique').on(t.dedupeKey),
    index('guest_messages_due').on(t.status, t.dueAt),
    index('guest_messages_booking').on(t.bookingId, t.dueAt),
    check('guest_messages_status_valid', sql`${t.status} IN ('scheduled', 'sent', 'skipped', 'failed', 'cancelled')`),
    check('guest_messages_channel_valid', sql`${t.channel} IN ('email', 'sms')`),
    check('guest_messages_delivery_valid', sql`${t.delivery} IN ('accepted', 'delivered', 'bounced')`),
  ],
);

/**
 * Addresses that unsubscribed from marketing e-mail (issue 28, RFC 8058
 * one-click or the visible link), lower-cased. Transactional mail is unaffected.
 */
export const emailUnsubscribes = pgTable('email_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Phone numbers (E.164) that replied STOP to a text (issue 28): no text goes
 * to them again until they reply START. Honoured by the sender at once.
 */
export const textOptOuts = pgTable('text_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
