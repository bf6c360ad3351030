// The external links of the content pages: the concierge partners and our
// social profiles here, our own forms in form-links.ts (kept apart because
// every page's banner needs one of them). Each must pass the allow-list
// (safeUrl kind 'partner', hosts in @sas/domain safe-url.ts); a unit test
// checks them all, and the pages render them through safeUrl too.
import { officeAddress } from '@sas/domain';
import { formLinks } from './form-links';

export const conciergePartnerLinks = {
  mealPlans: 'https://www.summitsupperclub.example/meal-plans',
  wellness: 'https://www.highalpinewellness.example/in-home-massage',
  experiences: 'https://www.breckexperiences.example/tours',
  skiRentals: 'https://www.peakskirentals.example/delivery',
  groceryDelivery: 'https://www.alpinepantry.example/stock-your-stay',
  transport: 'https://www.summitshuttle.example/airport-transfers',
} as const;

export type ConciergePartner = keyof typeof conciergePartnerLinks;


export interface SocialProfile {
  name: string;
  href: string;
  /** SVG path data on a 24x24 grid. */
  icon: string;
}

export const socialProfiles: readonly SocialProfile[] = [
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/summitandshore',
    icon: 'M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM17 5.8a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zm0 1.7a2.8 2.8 0 0 0-2.8 2.8v9a2.8 2.8 0 0 0 2.8 2.8h9a2.8 2.8 0 0 0 2.8-2.8v-9a2.8 2.8 0 0 0-2.8-2.8z',
  },
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/summitandshore',
    icon: 'M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4A20 20 0 0 0 14.3 4c-2.2 0-3.8 1.4-3.8 3.9v2.6H8v3h2.5V21z',
  },
  {
    name: 'Pinterest',
    href: 'https://www.pinterest.com/summitandshore',
    icon: 'M12 3a9 9 0 0 0-3.3 17.4c-.1-.7-.1-1.8 0-2.6l1.1-4.6s-.3-.6-.3-1.4c0-1.3.8-2.3 1.7-2.3.8 0 1.2.6 1.2 1.3 0 .8-.5 2-.8 3.1-.2.9.5 1.7 1.4 1.7 1.7 0 3-1.8 3-4.4 0-2.3-1.6-3.9-4-3.9-2.7 0-4.3 2-4.3 4.1 0 .8.3 1.7.7 2.2.1.1.1.2.1.3l-.3 1.1c0 .2-.2.2-.4.1-1.2-.6-2-2.4-2-3.8 0-3.1 2.3-6 6.5-6 3.4 0 6.1 2.4 6.1 5.7 0 3.4-2.2 6.2-5.2 6.2-1 0-2-.5-2.3-1.2l-.6 2.4c-.2.9-.8 2-1.2 2.6A9 9 0 1 0 12 3z',
  },
];

/** Every link above, for the allow-list test. */
export function allPartnerLinks(): string[] {
  return [
    ...Object.values(conciergePartnerLinks),
    ...Object.values(formLinks),
    ...socialProfiles.map((profile) => profile.href),
  ];
}

/**
 * The office in a maps site, opened only when the visitor follows the link:
 * the page itself loads nothing from it.
 */
export function officeMapsLink(): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(officeAddress)}`;
}
