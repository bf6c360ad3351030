// Copy of the home page sections that are not loaded from the API and are drawn
// with the page. The sections drawn when scrolled near keep theirs in their own
// modules (guest-quotes.ts, destinations.ts), so it comes with their code.

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
