// Copy and images of the About Us page (SPEC.md section 2).
import type { Photo } from '@sas/domain';
import { scenePhoto } from './photos';

export interface Slide {
  id: string;
  title: string;
  photo: Photo;
}

export interface TextItem {
  title: string;
  text: string;
}

export const aboutIntro = {
  title: 'About Summit & Shore',
  lead: 'A small, local team caring for vacation homes in Breckenridge and on the Michigan shore, and for the guests who stay in them.',
};

export const aboutSlides: readonly Slide[] = [
  {
    id: 'main-street',
    title: 'Our home town of Breckenridge',
    photo: scenePhoto('place-main-street', 'Historic Main Street shops and restaurants at dusk'),
  },
  {
    id: 'tenmile',
    title: 'Mornings on the Tenmile Range',
    photo: scenePhoto('vista-tenmile-sunrise', 'Sunrise over the Tenmile Range with snow-capped peaks'),
  },
  {
    id: 'lakeshore',
    title: "Summers on Michigan's lakeshore",
    photo: scenePhoto('vista-lake-michigan-sunset', 'Sunset over Lake Michigan from the dunes'),
  },
];

export const promises: readonly TextItem[] = [
  {
    title: 'Seamless Stays',
    text: 'Keyless entry, a home inspected before you arrive and stocked with the essentials, and clear directions sent ahead of time.',
  },
  {
    title: 'Local Expertise',
    text: 'We live where you vacation. Ask us for a quiet trail, a table on a busy night or the best time to ride the gondola.',
  },
  {
    title: 'Peace of Mind',
    text: 'A real person answers day or night during your stay, and a maintenance team on call fixes what breaks, fast.',
  },
];

export const mission = {
  title: 'Our Mission',
  text: 'To make every stay feel like coming home to a place you love: homes cared for as if they were our own, honest prices booked direct, and a local team that treats each guest as a neighbour.',
};

export const coreValues: readonly TextItem[] = [
  { title: 'Integrity', text: 'The price we quote is the price you pay, and we say so plainly when something goes wrong.' },
  {
    title: 'Attention to Detail',
    text: 'Fresh linens, a spotless kitchen and a working hot tub are not extras: they are the job.',
  },
  {
    title: 'Hospitality First',
    text: 'Every decision starts with the question: what would make this stay better for our guest?',
  },
  { title: 'Local Expertise', text: 'Our teams know every home, every road and every season of the towns we serve.' },
  {
    title: 'Connection',
    text: 'We build lasting relationships with guests, owners and the local businesses we work with.',
  },
];

export const founder = {
  name: 'Jordan Ellis',
  role: 'Founder & Managing Director',
  bio: 'Jordan moved to Breckenridge to ski for one winter and stayed for twenty. After years managing lodges on the mountain, Jordan founded Summit & Shore to give owners a partner they could trust and guests a stay without surprises. Summers are spent on the Michigan shore, where the company opened its second office.',
  photo: scenePhoto('exterior-timber-lodge', 'Timber lodge with stone chimney in the snow'),
};

export const localRoots = {
  title: 'Local Roots',
  paragraphs: [
    'Summit & Shore started in a small office on Main Street in Breckenridge, with a handful of homes and a promise to answer the phone every time it rang.',
    'Today our housekeepers, maintenance crews and concierge live in the towns we serve. We buy from local shops, hire local people and support the trail and lake groups that keep these places beautiful.',
  ],
};

export const office = {
  title: 'Visit Our Office',
  hours: 'Open every day, 8 am to 6 pm Mountain Time',
};

export const getInTouch = {
  title: 'Get in Touch',
  text: 'Thinking of renting out your home, or need help with a stay? Send us a note and the right person will get back to you within one business day.',
  rentalProjectionLabel: 'Request a rental projection',
  guestServicesLabel: 'Contact guest services',
};
