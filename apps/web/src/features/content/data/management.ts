// Copy and images of the Management Solutions page (SPEC.md section 2).
import type { Photo } from '@sas/domain';
import { scenePhoto } from './photos';
import type { TextItem } from './about';

export interface ManagementSlide {
  id: string;
  title: string;
  photo: Photo;
}

export const managementIntro = {
  title: 'Management Solutions',
  lead: 'Full-service vacation rental management in Breckenridge and on the Michigan shore. We care for your home, your guests and your income, so owning a rental feels effortless.',
  primaryAction: 'Get a free rental projection',
  secondaryAction: 'Talk to our owner team',
};

export const managementSlides: readonly ManagementSlide[] = [
  {
    id: 'chalet',
    title: 'Mountain homes cared for year-round',
    photo: scenePhoto('exterior-chalet-evening', 'A-frame chalet with a wall of glowing windows on a winter evening'),
  },
  {
    id: 'great-room',
    title: 'Professional photography and staging',
    photo: scenePhoto('living-great-room', 'Great room with vaulted beams and a wall of windows'),
  },
  {
    id: 'bedroom',
    title: 'Hotel-standard housekeeping and linens',
    photo: scenePhoto('bedroom-mountain-king', 'King bedroom with timber beams and a mountain view'),
  },
  {
    id: 'kitchen',
    title: 'Inspections before every stay',
    photo: scenePhoto('kitchen-farmhouse', 'Farmhouse kitchen with open shelves and a dining table'),
  },
  {
    id: 'lake-house',
    title: 'Lakeshore homes with local teams',
    photo: scenePhoto('exterior-lakeshore-modern', 'Modern lake house with floor-to-ceiling glass'),
  },
  {
    id: 'deck',
    title: 'Guests who come back every season',
    photo: scenePhoto('outdoor-deck-lake-sunset', 'Deck chairs facing the lake at sunset'),
  },
];

export const managementServices: readonly TextItem[] = [
  {
    title: 'Marketing & Distribution',
    text: 'Professional photos, listing copy and dynamic pricing across our direct-booking site and the major platforms.',
  },
  {
    title: 'Guest Experience',
    text: 'Screening, check-in instructions, a 24/7 local phone line and concierge services that earn five-star reviews.',
  },
  {
    title: 'Housekeeping & Linens',
    text: 'Hotel-standard cleaning, laundered linens and restocked essentials after every stay, with photo reports.',
  },
  {
    title: 'Maintenance & Inspections',
    text: 'Pre-arrival inspections, preventive maintenance and trusted local trades on call for repairs.',
  },
  {
    title: 'Owner Reporting',
    text: 'Monthly statements, an owner portal with your calendar and earnings, and direct deposits on time.',
  },
  {
    title: 'Licensing & Taxes',
    text: 'Short-term rental licences, lodging tax filings and local regulations handled for you.',
  },
];

export const ownerInquiryCopy = {
  title: 'Tell us about your home',
  intro: 'Share a few details and our owner team will reply within one business day with a rental projection for your home.',
  thanksTitle: 'Thank you!',
  thanksText:
    'We have received your inquiry and sent it to our owner team. Expect a reply within one business day.',
};
