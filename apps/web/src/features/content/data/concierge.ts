// Copy, images and partner links of the Concierge & Hospitality page (SPEC.md section 2).
import type { Photo } from '@sas/domain';
import { conciergePartnerLinks, type ConciergePartner } from './links';
import { scenePhoto } from './photos';

export interface Promotion {
  id: ConciergePartner;
  title: string;
  text: string;
  /** Text of the link to the partner; says where it goes. */
  linkLabel: string;
  href: string;
  photo: Photo;
}

export const conciergeIntro = {
  title: 'Concierge & Hospitality',
  lead: 'From a chef in your kitchen to skis waiting at the door, our concierge and trusted local partners take care of the details so you can enjoy the mountains and the lake.',
};

export const promotions: readonly Promotion[] = [
  {
    id: 'mealPlans',
    title: 'Meal Plans',
    text: 'Chef-prepared breakfasts and dinners, cooked in your home or delivered ready to heat.',
    linkLabel: 'Explore meal plans',
    href: conciergePartnerLinks.mealPlans,
    photo: scenePhoto('dining-mountain-view', 'Dining table for eight in front of mountain views'),
  },
  {
    id: 'wellness',
    title: 'Wellness',
    text: 'In-home massage, yoga sessions and recovery treatments after a day on the slopes.',
    linkLabel: 'Book wellness treatments',
    href: conciergePartnerLinks.wellness,
    photo: scenePhoto('outdoor-hot-tub-snow', 'Private hot tub on a snowy deck under string lights'),
  },
  {
    id: 'experiences',
    title: 'Experiences',
    text: 'Guided hikes, fly fishing, snowmobile tours and sunset sails with local guides.',
    linkLabel: 'Discover local experiences',
    href: conciergePartnerLinks.experiences,
    photo: scenePhoto('place-alpine-lake', 'Turquoise alpine lake below rocky peaks'),
  },
  {
    id: 'skiRentals',
    title: 'Ski Rentals',
    text: 'Skis, boards and boots fitted in your home, and picked up when you leave.',
    linkLabel: 'Reserve ski rentals',
    href: conciergePartnerLinks.skiRentals,
    photo: scenePhoto('place-ski-lift', 'Chairlift climbing a groomed ski run'),
  },
  {
    id: 'groceryDelivery',
    title: 'Grocery Delivery',
    text: 'Arrive to a stocked fridge: order before your trip and we put everything away.',
    linkLabel: 'Order grocery delivery',
    href: conciergePartnerLinks.groceryDelivery,
    photo: scenePhoto('kitchen-island-pendants', 'Kitchen with a large island and pendant lights'),
  },
  {
    id: 'transport',
    title: 'Transport',
    text: 'Airport transfers from Denver and Grand Rapids, and private drivers around town.',
    linkLabel: 'Book transport',
    href: conciergePartnerLinks.transport,
    photo: scenePhoto('exterior-townhomes-winter', 'Row of ski townhomes below the slopes'),
  },
];

export const exclusiveServices = {
  title: 'Exclusive Services for Our Guests',
  items: [
    'Private chef dinners and catered celebrations',
    'Butler service: reservations, errands and a fire lit when you come back',
    'Daily or mid-stay housekeeping',
    'Early check-in and late check-out when the calendar allows',
    'Pre-arrival grocery stocking and welcome baskets',
    'Childcare and babysitting by vetted local sitters',
    'Ski and snowboard lessons, lift tickets and equipment delivered',
    'Restaurant reservations and event tickets',
    'Pet-sitting and dog walking for homes that welcome pets',
  ],
};
