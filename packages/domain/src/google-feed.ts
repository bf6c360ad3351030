// Google's Hotel List Feed in its vacation-rental form (issue 27, ADR 044):
// which homes may be listed and why not, and the XML of the listings. Pure:
// the server reads the homes and passes them with absolute URLs.
import { escapeXml } from './google-ari.js';

/** Google's smallest accepted photo for vacation rentals. */
export const googleMinPhotoWidth = 1024;
export const googleMinPhotoHeight = 683;
export const googleMinPhotos = 8;
/** Every home's check-out time (ADR 043: there is no per-home check-out time yet). */
export const googleCheckOutTime = '10:00';

export type PhotoRoom = 'bedroom' | 'bathroom' | 'common' | 'other';

/** Which room a photo shows, from its media key or description ("bedroom-...", "Bathroom with ..."). */
export function photoRoom(key: string, alt: string): PhotoRoom {
  const text = `${key} ${alt}`.toLowerCase();
  if (/\b(bath|bathroom|shower)/.test(text)) return 'bathroom';
  if (/\b(bedroom|bunk|bed\b)/.test(text)) return 'bedroom';
  if (/\b(living|great room|kitchen|dining|family|game room|den|lounge)/.test(text)) return 'common';
  return 'other';
}

export interface FeedPhoto {
  url: string;
  width: number;
  height: number;
  room: PhotoRoom;
}

export interface FeedHome {
  /** The listing number, Google's id. */
  propertyId: string;
  name: string;
  description: string;
  published: boolean;
  hasRates: boolean;
  /** The street address ("120 Ridge St, Breckenridge, CO"), or null. */
  address: string | null;
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  phone: string;
  /** The home's page. */
  website: string;
  photos: FeedPhoto[];
  maxGuests: number;
  bedrooms: number;
  beds: number;
  bathrooms: number;
  /** Average of the visible reviews on a 5 scale, or null without any. */
  rating: number | null;
  ratingCount: number;
  /** "4:00 PM" or "16:00"; null: the homes' 16:00. */
  checkInTime: string | null;
  amenities: readonly string[];
  petsAllowed: boolean;
  lodgingLicense: string | null;
}

export type FeedEligibility = { eligible: true } | { eligible: false; reason: string };

/** Photos Google accepts: large enough. */
export function usablePhotos(photos: readonly FeedPhoto[]): FeedPhoto[] {
  return photos.filter((p) => p.width >= googleMinPhotoWidth && p.height >= googleMinPhotoHeight);
}

/** Whether a home may be in the feed, with the first reason it may not. */
export function feedEligibility(home: FeedHome): FeedEligibility {
  const no = (reason: string): FeedEligibility => ({ eligible: false, reason });
  if (!home.published) return no('Not published');
  if (!home.hasRates) return no('No rates: it cannot be booked online');
  if (home.description.trim() === '') return no('No description');
  if (!home.address || streetOf(home.address) === '') return no('No street address');
  const photos = usablePhotos(home.photos);
  if (photos.length < googleMinPhotos) {
    return no(
      `${photos.length} photos of at least ${googleMinPhotoWidth}x${googleMinPhotoHeight}; Google needs ${googleMinPhotos}`,
    );
  }
  const missing = (['bedroom', 'bathroom', 'common'] as const).filter((room) => !photos.some((p) => p.room === room));
  if (missing.length > 0) {
    const names = missing.map((room) => (room === 'common' ? 'a common room' : `a ${room}`));
    return no(`No photo of ${names.join(' or ')}`);
  }
  return { eligible: true };
}

/** The street part of an address written "street, city, state". */
function streetOf(address: string): string {
  return address.split(',')[0]?.trim() ?? '';
}

/** "4:00 PM" -> "16:00"; a time already in 24-hour form is kept; anything else: null. */
export function twentyFourHour(time: string | null): string | null {
  if (!time) return null;
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?\s*$/i.exec(time);
  if (match) {
    let hour = Number(match[1]) % 12;
    if (match[3]?.toLowerCase() === 'p') hour += 12;
    return `${String(hour).padStart(2, '0')}:${match[2] ?? '00'}`;
  }
  const plain = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(time);
  if (plain && Number(plain[1]) < 24) return `${plain[1]?.padStart(2, '0')}:${plain[2]}`;
  return null;
}

/** Google's vacation-rental amenity attributes, from the words of our amenity list. */
const amenityAttributes: readonly [string, RegExp][] = [
  ['hot_tub', /hot tub/i],
  ['fireplace', /fireplace/i],
  ['parking', /parking|garage/i],
  ['wifi', /wi-?fi|internet/i],
  ['kitchen', /kitchen/i],
  ['washer_dryer', /washer|dryer|laundry/i],
  ['air_conditioning', /air condition|a\/c/i],
  ['heating', /heating|heater/i],
  ['pool', /pool(?! table)/i],
  ['ski_in_ski_out', /ski-in/i],
  ['beach_access', /beach access/i],
  ['waterfront', /waterfront|private dock/i],
  ['ev_charger', /ev charger/i],
  ['gym', /fitness|gym/i],
  ['elevator', /elevator/i],
  ['bbq_grill', /grill|bbq/i],
  ['crib', /crib/i],
  ['workspace', /workspace/i],
];

/** The amenity attributes of a home (a name once), pets allowed included by the caller. */
export function googleAmenities(items: readonly string[]): string[] {
  return amenityAttributes.filter(([, pattern]) => items.some((item) => pattern.test(item))).map(([name]) => name);
}

function attr(name: string, value: string | number | boolean): string {
  return `      <client_attr name="${name}">${escapeXml(String(value))}</client_attr>\n`;
}

function listingXml(home: FeedHome): string {
  const photos = usablePhotos(home.photos);
  const rating =
    home.rating === null
      ? ''
      : attr('rating', home.rating.toFixed(1)) + attr('rating_num', home.ratingCount) + attr('rating_scale', 5);
  const amenities = googleAmenities(home.amenities)
    .map((name) => attr(name, true))
    .join('');
  const checkIn = twentyFourHour(home.checkInTime) ?? '16:00';
  return (
    `  <listing>\n` +
    `    <id>${escapeXml(home.propertyId)}</id>\n` +
    `    <name>${escapeXml(home.name)}</name>\n` +
    `    <address format="simple">\n` +
    `      <component name="addr1">${escapeXml(streetOf(home.address ?? ''))}</component>\n` +
    `      <component name="city">${escapeXml(home.city)}</component>\n` +
    `      <component name="province">${escapeXml(home.state)}</component>\n` +
    `    </address>\n` +
    `    <country>${escapeXml(home.country)}</country>\n` +
    `    <latitude>${home.latitude.toFixed(6)}</latitude>\n` +
    `    <longitude>${home.longitude.toFixed(6)}</longitude>\n` +
    `    <phone type="main">${escapeXml(home.phone)}</phone>\n` +
    `    <category>vacation rental</category>\n` +
    `    <content>\n` +
    `      <text type="description"><body>${escapeXml(home.description)}</body></text>\n` +
    photos
      .map(
        (p) =>
          `      <image type="photo" url="${escapeXml(p.url)}" width="${p.width}" height="${p.height}"><title>${p.room}</title></image>\n`,
      )
      .join('') +
    `      <attributes>\n` +
    attr('capacity', home.maxGuests) +
    attr('website', home.website) +
    attr('number_of_bedrooms', home.bedrooms) +
    attr('number_of_beds', home.beds) +
    attr('number_of_bathrooms', home.bathrooms) +
    rating +
    attr('instant_bookable', true) +
    attr('checkin_time', checkIn) +
    attr('checkout_time', googleCheckOutTime) +
    amenities +
    attr('pets_allowed', home.petsAllowed) +
    (home.lodgingLicense ? attr('license_number', home.lodgingLicense) : '') +
    `      </attributes>\n` +
    `    </content>\n` +
    `  </listing>\n`
  );
}

/** The feed: every eligible home, and only those. */
export function listingFeedXml(homes: readonly FeedHome[], language = 'en'): string {
  const listed = homes.filter((home) => feedEligibility(home).eligible);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<listings xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.gstatic.com/localfeed/local_feed.xsd">\n` +
    `<language>${language}</language>\n` +
    listed.map(listingXml).join('') +
    `</listings>\n`
  );
}
