// Copy of the home page sections that are not loaded from the API.

export interface Highlight {
  title: string;
  text: string;
}

export const trustBenefits: readonly Highlight[] = [
  {
    title: 'Best Rate Guarantee',
    text: 'Book direct and pay less than on the big listing sites. Find the same stay for less and we will match it.',
  },
  {
    title: 'Exclusive Perks',
    text: 'Direct guests get early check-in when the home allows, a local welcome basket and offers we share nowhere else.',
  },
  {
    title: 'Transparent Pricing',
    text: 'See the full price with taxes and fees before you pay. What we quote is what you are charged.',
  },
  {
    title: 'Trusted Local Experts',
    text: 'Our teams live in Breckenridge and on the lakeshore, and they answer the phone day or night during your stay.',
  },
];

export const infoBlocks: readonly Highlight[] = [
  {
    title: 'An Elevated Home',
    text: 'Every home is inspected before each stay, stocked with quality linens and essentials, and cared for by people who know it well.',
  },
  {
    title: 'Effortless Booking',
    text: 'Real availability and a real price in a few clicks, secure card payment and an instant confirmation in your inbox.',
  },
  {
    title: 'Luxury Made Simple',
    text: 'Add a private chef, grocery delivery or daily housekeeping to your stay and let our concierge take care of the details.',
  },
];

export const conciergeServices: readonly Highlight[] = [
  {
    title: 'Private Chef',
    text: 'Seasonal menus cooked in your home, from a family breakfast to an anniversary dinner.',
  },
  {
    title: 'Butler Service',
    text: 'Ski rentals fitted, reservations made and the fire lit before you come back from the slopes.',
  },
  {
    title: 'Daily Housekeeping',
    text: 'Fresh towels, made beds and a tidy kitchen every day, so your vacation stays a vacation.',
  },
];

export interface GuestQuote {
  id: string;
  guestName: string;
  platform: string;
  rating: number;
  stay: string;
  text: string;
}

export const guestQuotes: readonly GuestQuote[] = [
  {
    id: 'quote-1',
    guestName: 'Megan Holloway',
    platform: 'Google',
    rating: 5,
    stay: 'Breckenridge, CO',
    text: 'The cabin was spotless, the hot tub was warm when we arrived and the concierge had our ski rentals sorted before we landed. Our easiest family trip yet.',
  },
  {
    id: 'quote-2',
    guestName: 'Daniel Ortiz',
    platform: 'Airbnb',
    rating: 5,
    stay: 'Lake Michigan shoreline',
    text: 'First time booking direct and the price was exactly what we were quoted. Sunsets from the porch were unreal, and the kids lived on the beach.',
  },
  {
    id: 'quote-3',
    guestName: 'Priya Raman',
    platform: 'Vrbo',
    rating: 5,
    stay: 'Breckenridge, CO',
    text: 'The private chef night was the highlight of our anniversary. Every text we sent the team was answered within minutes.',
  },
  {
    id: 'quote-4',
    guestName: 'Tom Becker',
    platform: 'Google',
    rating: 4.5,
    stay: 'Breckenridge, CO',
    text: 'A short walk to Main Street and the gondola, a garage for all our gear and a kitchen we actually cooked in. Already planning next winter.',
  },
];

export interface Destination {
  name: string;
  tagline: string;
  highlights: readonly string[];
}

export const destinations: readonly Destination[] = [
  {
    name: 'Breckenridge, Colorado',
    tagline: 'A Victorian mining town at 9,600 feet, with five peaks of skiing on its doorstep.',
    highlights: [
      'Ski and ride across the five peaks of Breckenridge Ski Resort',
      'Browse the galleries and shops of historic Main Street',
      'Hike and bike the Tenmile Range when the snow melts',
      'Ride the free gondola and town shuttles instead of driving',
    ],
  },
  {
    name: "Michigan's Lakeshore",
    tagline: 'Freshwater beaches, dunes and harbor towns along Lake Michigan.',
    highlights: [
      'Watch the sun set over Lake Michigan from the sand',
      'Explore lighthouses, dune trails and harbor towns',
      'Paddle, sail and swim in calm freshwater bays',
      'Taste cherries, wine and farm-stand produce along the coast',
    ],
  },
];
