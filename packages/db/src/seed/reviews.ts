// Guest reviews of the seeded homes, as they arrive from the platforms: the
// text is composed from sentences that fit the home (hot tub, beach, ski-in),
// names and dates come in each platform's own shape, and a handful of
// hand-placed reviews exercise the display rules of SPEC.md section 5.
import type { Random } from '@sas/demo-media';
import type { Region } from './areas.js';
import type { Feature, HomeSeed } from './homes.js';

export interface ReviewSeed {
  id: string;
  guestName: string | null;
  platform: string;
  rating: number;
  reviewText: string;
  reviewedAtDate: string | null;
}

export const platforms = ['Airbnb', 'Vrbo', 'Google', 'Direct'] as const;

const openings: Record<Region, readonly string[]> = {
  mountain: [
    'We spent a week here over the holidays with my parents and our two kids, and it was exactly what we hoped for.',
    'Our group of six friends booked this for a long ski weekend in February.',
    'This was our third winter trip to Breckenridge and by far our favorite place to stay.',
    'We came up for a week of hiking and mountain biking in July.',
    'Booked last minute for spring break and could not have been happier.',
    'We celebrated our anniversary here in late September, right as the aspens turned gold.',
    'Family ski trip with three teenagers, which is a real test of any house.',
    'First time in Colorado for most of our group, and the house made it easy.',
    'We split the week between skiing and doing absolutely nothing, and this place was perfect for both.',
    'Came for a friend\u2019s wedding in town and stayed on for a few extra days.',
  ],
  lake: [
    'We have rented on the lakeshore for years and this is now the one we will come back to.',
    'Our family reunion of three generations spent a week here in August.',
    'A quiet long weekend in June, just the two of us and the dog.',
    'We booked this for the Fourth of July week with two other families.',
    'Our first trip to northern Michigan, and we are already hooked.',
    'Came up in September after the crowds left, which was a great call.',
    'Girls\u2019 weekend with five college friends, and the house delivered.',
    'We visit the area every summer and wanted something closer to the water this time.',
  ],
};

const featureLines: Partial<Record<Feature, readonly string[]>> = {
  hotTub: [
    'Soaking in the hot tub while it snowed was the highlight of every evening.',
    'The hot tub was clean and hot every time, and the view from it is ridiculous.',
  ],
  fireplace: [
    'The fireplace made the living room the place everyone gathered after a long day.',
    'We played cards by the fire every night.',
  ],
  skiIn: [
    'Being able to click into our skis a few steps from the door saved us so much hassle with the kids.',
    'Ski-in/ski-out is not an exaggeration; we skied right back to the door for lunch.',
  ],
  shuttle: ['The free shuttle stops right outside, so we never moved the car.'],
  walkToTown: [
    'We walked to dinner every night and never had to worry about parking.',
    'An easy stroll to the shops, coffee and restaurants in town.',
  ],
  mountainViews: ['The view of the Tenmile Range from the living room is unreal, especially at sunrise.'],
  lakeViews: ['Watching the sunset over the water from the deck never got old.'],
  gameRoom: ['The kids basically lived in the game room, which the adults did not mind at all.'],
  bunks: ['The bunk room was a huge hit with our kids and their cousins.'],
  sharedPool: ['The pool and hot tubs were a great way to end each ski day.'],
  beach: [
    'We walked to the beach every morning with our coffee.',
    'Sunsets on the beach were unforgettable, and it is a short walk from the door.',
  ],
  kayaks: ['The kayaks and paddleboards were a treat; we were out on the water every morning.'],
  firePit: ['S\u2019mores around the fire pit every night, under more stars than we see all year.'],
  dock: ['The dock was perfect for morning swims and evening drinks.'],
  bikes: ['Having bikes at the house meant we explored far more than we would have by car.'],
  porch: ['The porch was our favorite spot for morning coffee and late-night talks.'],
  sauna: ['The sauna after skiing was pure bliss.'],
  theater: ['Movie night in the theater room was a big hit.'],
  workspace: ['I had to work a couple of mornings and the desk and wifi were excellent.'],
};

const generalLines: readonly string[] = [
  'The beds were comfortable and the linens felt like a nice hotel.',
  'Everything was spotless when we arrived.',
  'The kitchen had everything we needed to cook big family dinners.',
  'Photos are accurate; if anything the place is nicer in person.',
  'Lots of thoughtful touches, from the spices in the kitchen to the extra blankets.',
  'Plenty of space for everyone to spread out.',
];

const hostLines: readonly string[] = [
  'Check-in was seamless and the Summit & Shore team answered every question within minutes.',
  'The local team left great restaurant suggestions and a welcome basket.',
  'When the dishwasher acted up, someone was there within the hour to fix it.',
  'Communication before and during the stay was excellent.',
];

const closings: readonly string[] = [
  'We are already planning our return.',
  'Highly recommend.',
  'Can\u2019t wait to come back next year.',
  'Would stay here again in a heartbeat.',
  'Thank you for a wonderful stay!',
];

const quibbles: readonly string[] = [
  'Only small gripe: the stairs are steep when you are carrying luggage.',
  'Parking is tight if you bring two cars.',
  'The wifi was a little slow in the back bedrooms.',
  'A couple of the pans have seen better days.',
  'It can get a bit noisy on Saturday nights.',
  'The blackout shades in one bedroom did not quite close.',
];

export const firstNames = [
  'Emily', 'Jake', 'Priya', 'Marcus', 'Hannah', 'Diego', 'Sarah', 'Tom', 'Olivia', 'Ben', 'Aisha', 'Ryan', 'Megan', 'Luis',
  'Katie', 'Daniel', 'Grace', 'Noah', 'Chloe', 'Sam', 'Jenna', 'Chris', 'Lauren', 'Mike', 'Natalie', 'Ethan', 'Zoe', 'Andre',
] as const;
export const lastNames = [
  'Thompson', 'Nguyen', 'Patel', 'García', 'Kowalski', 'Becker', 'O\u2019Brien', 'Johnson', 'Schmidt', 'Lee', 'Martin', 'Rossi',
  'Walker', 'Hughes', 'Van Dyke', 'Brooks', 'Carter', 'Anderson', 'Novak', 'Kim', 'Murphy', 'DeVries',
] as const;

function pad(n: number): string {
  return n.toString().padStart(2, '0');
}

/** A review date in the form its platform exports. */
function dateFor(platform: string, rng: Random): string {
  const year = rng.int(2022, 2025);
  const month = rng.int(1, year === 2025 ? 10 : 12);
  const day = rng.int(1, 28);
  switch (platform) {
    case 'Airbnb':
      return `${pad(month)}/${pad(day)}/${year}`;
    case 'Vrbo':
      return `${year}-${pad(month)}-${pad(day)}`;
    case 'Google':
      return `${year}-${pad(month)}-${pad(day)}T${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:00Z`;
    default:
      return `${month}/${day}/${year}`;
  }
}

function ratingFrom(rng: Random): number {
  const r = rng.next();
  if (r < 0.58) return 5;
  if (r < 0.68) return 4.75;
  if (r < 0.8) return 4.5;
  if (r < 0.92) return 4;
  if (r < 0.96) return 3.5;
  return 3;
}

function nameFrom(platform: string, rng: Random): string | null {
  const r = rng.next();
  if (r < 0.05) return null;
  if (r < 0.1) return `${platform} Guest`;
  if (r < 0.18) return rng.pick(firstNames);
  return `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
}

/** Hands out items in random order, reshuffling only when all were used: no repeats until it must. */
function deck<T>(items: readonly T[], rng: Random): (n?: number) => T[] {
  let pile: T[] = [];
  return (n = 1) => {
    const out: T[] = [];
    for (let i = 0; i < n && items.length > 0; i++) {
      if (pile.length === 0) pile = rng.shuffle(items);
      const next = pile.pop();
      if (next !== undefined && !out.includes(next)) out.push(next);
    }
    return out;
  };
}

/**
 * Writes the ordinary reviews of one home. Sentences come from decks per
 * home, so two reviews of the same house do not open with the same words.
 */
export function reviewWriter(home: HomeSeed, region: Region, rng: Random): () => Omit<ReviewSeed, 'id'> {
  const opening = deck(openings[region], rng);
  const feature = deck(home.features.flatMap((f) => featureLines[f] ?? []), rng);
  const general = deck(generalLines, rng);
  const host = deck(hostLines, rng);
  const closing = deck(closings, rng);
  const quibble = deck(quibbles, rng);
  const short = deck(['Perfect spot. Would stay again.', 'Great location, spotless, easy check-in.', 'Loved it!', 'Exactly as described. Thank you!'], rng);
  return () => {
    const platform = rng.pick(platforms);
    const rating = ratingFrom(rng);
    let text: string[];
    if (rating >= 4.75 && rng.chance(0.12)) {
      text = short();
    } else {
      text = [...opening(), ...feature(rng.int(1, 2))];
      if (rng.chance(0.6)) text.push(...general());
      if (rng.chance(0.5)) text.push(...host());
      if (rating < 4.75) text.push(...quibble());
      text.push(...(rating <= 3.5 ? ['It was fine overall, but for the price we expected a little more.'] : closing()));
    }
    return { guestName: nameFrom(platform, rng), platform, rating, reviewText: text.join(' '), reviewedAtDate: dateFor(platform, rng) };
  };
}

/**
 * Hand-placed reviews that the display rules must handle, by listing number.
 * `hidden: true` ones are meant to be filtered out by the server; the others
 * stay visible but need careful formatting.
 */
export const specialReviews: Record<string, readonly (Omit<ReviewSeed, 'id'> & { id?: string; hidden?: boolean })[]> = {
  'SAS-1001': [
    { id: 'rv-blk-001', hidden: true, guestName: 'Derek Haines', platform: 'Airbnb', rating: 1, reviewText: 'Terrible. The host would not refund us when our flight was cancelled. Avoid.', reviewedAtDate: '01/14/2024' },
    { guestName: 'Airbnb Guest', platform: 'Airbnb', rating: 5, reviewText: 'Perfect little base for a ski week. Walked everywhere.', reviewedAtDate: '02/21/2025' },
  ],
  'SAS-1002': [{ guestName: 'Linda Park', platform: 'Direct', rating: 4.75, reviewText: 'Could not beat the lift access. The fireplace kept us toasty after long days on the mountain.', reviewedAtDate: null }],
  'SAS-1003': [
    { id: 'rv-blk-002', hidden: true, guestName: 'Anonymous', platform: 'Google', rating: 2, reviewText: 'Old building, creaky floors. Not for us.', reviewedAtDate: '2023-08-02' },
    { guestName: 'Maya', platform: 'Vrbo', rating: 5, reviewText: 'Our beagle loved the fenced yard and we loved the history of the cabin. The radiant floors are a dream on cold mornings.', reviewedAtDate: '2024-11-30' },
  ],
  'SAS-1004': [
    {
      hidden: true,
      guestName: 'Gary Whitfield',
      platform: 'Vrbo',
      rating: 2,
      reviewText: 'We found a wasp nest over the patio door on day one, and our assigned parking spot was taken by another car every single night. Management did nothing.',
      reviewedAtDate: '2024-08-19',
    },
  ],
  'SAS-1006': [{ guestName: 'Helen Carter', platform: 'Airbnb', rating: 5, reviewText: 'Christmas week in the snow with the grandkids. The bunk room and the hot tub made it magical.', reviewedAtDate: '25/12/2024' }],
  'SAS-1008': [{ id: 'rv-blk-003', hidden: true, guestName: 'J. R.', platform: 'Airbnb', rating: 1, reviewText: 'Charged a cleaning fee that was not disclosed. Disputing with my card company.', reviewedAtDate: '03/05/2025' }],
  'SAS-1010': [
    { hidden: true, guestName: 'Reginald Spamworth', platform: 'Google', rating: 5, reviewText: 'Amazing stay!!! Get cheap lift tickets and designer goggles at my website, link in profile.', reviewedAtDate: '2025-01-09T12:00:00Z' },
  ],
  'SAS-1011': [{ guestName: 'Tyler Brooks', platform: 'Direct', rating: 4.5, reviewText: 'Great for a couple with a toddler. Ski school is literally downstairs.', reviewedAtDate: '3/15/24' }],
  'SAS-1012': [{ guestName: 'Vrbo Guest', platform: 'Vrbo', rating: 5, reviewText: 'Skied to the door every afternoon and soaked in the hot tub until dinner. The garage and EV charger were a bonus.', reviewedAtDate: '2025-02-03' }],
  'SAS-1013': [
    { id: 'rv-blk-004', hidden: true, guestName: 'Competitor Rentals LLC', platform: 'Google', rating: 1, reviewText: 'Overpriced. Book with a different company.', reviewedAtDate: '2024-12-01T09:30:00Z' },
    { guestName: null, platform: 'Direct', rating: 5, reviewText: 'The view from the hot tub at sunset is the best in Breckenridge. Our family of fourteen had room to spare.', reviewedAtDate: '1/2/2025' },
  ],
  'SAS-1014': [
    { hidden: true, guestName: 'Kevin Moore', platform: 'Airbnb', rating: 4, reviewText: 'Nice house, nice slopes.', reviewedAtDate: '09/03/2025' },
    { guestName: 'Isabelle Fournier', platform: 'Vrbo', rating: 5, reviewText: 'A true ski chalet. The boot room alone is worth it: warm boots every morning!', reviewedAtDate: '2025-03-08' },
  ],
  'SAS-1015': [{ guestName: 'Walt Jensen', platform: 'Direct', rating: 5, reviewText: 'We first stayed near Boreas Pass years ago and finally came back. Still the most peaceful spot in town.', reviewedAtDate: '7/4/98' }],
  'SAS-1017': [{ guestName: 'Airbnb Guest', platform: 'Airbnb', rating: 4.75, reviewText: 'Gorgeous modern home, gold aspens everywhere in October.', reviewedAtDate: null }],
  'SAS-1019': [
    { id: 'rv-blk-005', hidden: true, guestName: 'T. Keller', platform: 'Vrbo', rating: 2, reviewText: 'Sand everywhere in the house. It is a beach cottage, but still.', reviewedAtDate: '2023-07-18' },
    { guestName: 'Rachel Vos', platform: 'Google', rating: 4.5, reviewText: 'Lovely cottage. There was a small wasp nest under the porch railing, but the team removed it the same afternoon. Oval Beach at sunset is a must.', reviewedAtDate: '2025-06-14' },
  ],
  'SAS-1020': [{ guestName: null, platform: 'Airbnb', rating: 5, reviewText: 'Simple, clean and two minutes from the beach. Exactly what we wanted.', reviewedAtDate: '08/11/2025' }],
  'SAS-1021': [
    { guestName: 'Paul Dekker', platform: 'Airbnb', rating: 5, reviewText: 'Sunrise from the dock, wineries in the afternoon, cherries everywhere. Perfect.', reviewedAtDate: '09/03/2025' },
    { guestName: 'Ana Lima', platform: 'Direct', rating: 4.75, reviewText: 'The kayaks were in great shape and the bay was calm every morning.', reviewedAtDate: '14/07/2025' },
  ],
  'SAS-1022': [{ id: 'rv-blk-006', hidden: true, guestName: 'Dune Tours Promo', platform: 'Google', rating: 5, reviewText: 'Book our dune rides with code SLEEPINGBEAR for 20% off!', reviewedAtDate: '2024-07-22T15:10:00Z' }],
  'SAS-1023': [{ guestName: 'Margaret Olsen', platform: 'Vrbo', rating: 5, reviewText: 'The porch! We sat out there every evening watching the sailboats come in.', reviewedAtDate: '31/01/2025' }],
  'SAS-1024': [{ guestName: 'Vrbo Guest', platform: 'Vrbo', rating: 4.5, reviewText: 'Great location on the boardwalk. Loved watching the fountain show from the balcony.', reviewedAtDate: '8/22/23' }],
  'SAS-1025': [{ id: 'rv-blk-007', hidden: true, guestName: 'Steve', platform: 'Airbnb', rating: 1, reviewText: 'Lake was too weedy to swim. Would not return.', reviewedAtDate: '07/30/2024' }],
};
