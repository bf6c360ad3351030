// Business constants of SPEC.md section 9, shared by server and browser.
// Review, text and collection limits live beside the rules that use them.

export const companyName = 'Summit & Shore';
export const companyPhone = '(970) 555-0142';
export const companyPhoneHref = 'tel:+19705550142';
/**
 * The office is in Breckenridge, Colorado: its today starts the console's
 * months and the concierge's days, and a home without one takes its zone.
 */
export const officeTimeZone = 'America/Denver';
export const officeAddressParts = {
  street: '110 S Main St',
  city: 'Breckenridge',
  region: 'CO',
  postalCode: '80424',
  country: 'US',
} as const;
export const officeAddress = '110 S Main St, Breckenridge, CO 80424';

export const httpTimeoutMs = 10_000;
export const chunkLoadTimeoutMs = 120_000;

export const mobileBreakpointPx = 768;
/** At or below this width all reviews are listed instead of paged. */
export const reviewsListAllMaxWidthPx = 600;
export const lazyLoadMarginPx = 100;
export const lazyLoadThreshold = 0.1;
export const swipeThresholdPx = 50;
export const slideshowIntervalMs = 5_000;

export const widgetCheckRetryMs = 1_000;
export const widgetGiveUpMs = 3_000;
export const widgetPollAttempts = 10;
export const widgetPollIntervalMs = 1_000;
export const bookingFrameHeightPx = 650;
export const bookingFrameUpdateDelayMs = 2_000;

export const defaultGuests = 2;
export const minGuests = 1;
/** Upper bound for any one guest count: a typo guard, far above any home's capacity. */
export const maxGuestCount = 50;
export const defaultAdults = 1;
export const defaultChildren = 0;
export const defaultPets = 0;
export const defaultMinStay = 1;
export const defaultBlockReason = 'RESERVATION';
export const reservationSteps = 3;

export const currency = 'usd';
export const country = 'US';

export const cardsPerPage = 4;
export const collectionFetchSize = 12;
export const featuredAmenities = 10;

export const passwordMinLength = 8;

// The owner inquiry's limits (owner-inquiry.ts), here so that the Management
// page's form can state them without running the inquiry's zod contract.
/** The database allows 0 (a studio) to 50 bedrooms. */
export const ownerInquiryBedrooms = { min: 0, max: 50 } as const;
export const ownerInquiryMessageMaxLength = 4_000;

export const socialImageWidth = 1200;
export const socialImageHeight = 630;
