import { describe, expect, it } from 'vitest';
import {
  feedEligibility,
  googleAmenities,
  photoRoom,
  twentyFourHour,
  type FeedHome,
  type FeedPhoto,
} from './google-feed.js';

const photo = (room: FeedPhoto['room'], width = 1600, height = 1067): FeedPhoto => ({
  url: 'https://x/p.webp',
  width,
  height,
  room,
});
const home = (overrides: Partial<FeedHome> = {}): FeedHome => ({
  propertyId: 'SAS-1006',
  name: 'Home',
  description: 'A home.',
  published: true,
  hasRates: true,
  address: '1 Main St, Breckenridge, CO',
  city: 'Breckenridge',
  state: 'CO',
  country: 'US',
  latitude: 39.48,
  longitude: -106.04,
  phone: '(970) 555-0142',
  website: 'https://x/property/home',
  photos: [photo('bedroom'), photo('bathroom'), photo('common'), ...Array.from({ length: 5 }, () => photo('other'))],
  maxGuests: 6,
  bedrooms: 3,
  beds: 3,
  bathrooms: 2,
  rating: null,
  ratingCount: 0,
  checkInTime: '4:00 PM',
  amenities: [],
  petsAllowed: false,
  lodgingLicense: null,
  ...overrides,
});

describe('feedEligibility', () => {
  it('takes a published home with rates, an address and eight large photos of a bedroom, a bathroom and a common room', () => {
    expect(feedEligibility(home())).toEqual({ eligible: true });
  });

  it('says why a home is left out', () => {
    expect(feedEligibility(home({ published: false }))).toEqual({ eligible: false, reason: 'Not published' });
    expect(feedEligibility(home({ hasRates: false })).eligible).toBe(false);
    expect(feedEligibility(home({ address: null }))).toEqual({ eligible: false, reason: 'No street address' });
    const small = home({ photos: [...home().photos.slice(0, 7), photo('other', 960, 640)] });
    expect(feedEligibility(small)).toEqual({
      eligible: false,
      reason: '7 photos of at least 1024x683; Google needs 8',
    });
    const noBath = home({ photos: home().photos.map((p) => (p.room === 'bathroom' ? photo('other') : p)) });
    expect(feedEligibility(noBath)).toEqual({ eligible: false, reason: 'No photo of a bathroom' });
  });
});

describe('photo rooms, times and amenities', () => {
  it('reads the room from the media key or the description', () => {
    expect(photoRoom('bedroom-mountain-king', 'King bed')).toBe('bedroom');
    expect(photoRoom('bedroom-bunk-room', 'Bunk room')).toBe('bedroom');
    expect(photoRoom('bathroom-soaking-tub', 'Bathroom with a tub')).toBe('bathroom');
    expect(photoRoom('living-great-room', 'Great room')).toBe('common');
    expect(photoRoom('upload-123', 'Kitchen with island')).toBe('common');
    expect(photoRoom('vista-tenmile-sunrise', 'Sunrise over the peaks')).toBe('other');
  });

  it('writes check-in times in 24-hour form', () => {
    expect(twentyFourHour('4:00 PM')).toBe('16:00');
    expect(twentyFourHour('11 am')).toBe('11:00');
    expect(twentyFourHour('12:30 PM')).toBe('12:30');
    expect(twentyFourHour('15:00')).toBe('15:00');
    expect(twentyFourHour('after lunch')).toBeNull();
  });

  it('names the amenities Google knows, once each', () => {
    expect(
      googleAmenities(['Private hot tub', 'Shared hot tubs', 'Fireplace', 'Pool table', 'Garage parking']),
    ).toEqual(['hot_tub', 'fireplace', 'parking']);
  });
});
