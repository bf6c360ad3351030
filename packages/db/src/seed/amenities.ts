// Amenities of the seeded homes: what each home's features imply, then a
// seeded pick of everyday items, grouped by the categories the amenities
// modal shows.
import type { Random } from '@sas/demo-media';
import type { StoredAmenity } from '../schema.js';
import type { Region } from './areas.js';
import type { Feature, HomeSeed } from './homes.js';

const featureAmenities: Record<Feature, readonly StoredAmenity[]> = {
  hotTub: [{ item: 'Private hot tub', category: 'Outdoor' }],
  fireplace: [{ item: 'Fireplace', category: 'Heating & Cooling' }],
  skiIn: [
    { item: 'Ski-in/ski-out', category: 'Ski & Mountain' },
    { item: 'Ski lockers', category: 'Ski & Mountain' },
  ],
  shuttle: [{ item: 'Free shuttle stop nearby', category: 'Ski & Mountain' }],
  walkToTown: [{ item: 'Walk to shops and restaurants', category: 'Parking & Facilities' }],
  mountainViews: [{ item: 'Mountain view', category: 'Ski & Mountain' }],
  lakeViews: [{ item: 'Lake view', category: 'Beach & Lake' }],
  gameRoom: [
    { item: 'Pool table', category: 'Entertainment' },
    { item: 'Game room', category: 'Entertainment' },
  ],
  bunks: [{ item: 'Bunk beds', category: 'Family' }],
  sharedPool: [
    { item: 'Shared heated pool', category: 'Parking & Facilities' },
    { item: 'Shared hot tubs', category: 'Parking & Facilities' },
  ],
  gym: [{ item: 'Fitness center', category: 'Parking & Facilities' }],
  evCharger: [{ item: 'EV charger', category: 'Parking & Facilities' }],
  beach: [
    { item: 'Beach access', category: 'Beach & Lake' },
    { item: 'Beach chairs and umbrella', category: 'Beach & Lake' },
  ],
  kayaks: [
    { item: 'Kayaks', category: 'Beach & Lake' },
    { item: 'Paddleboards', category: 'Beach & Lake' },
  ],
  firePit: [{ item: 'Fire pit', category: 'Outdoor' }],
  dock: [
    { item: 'Private dock', category: 'Beach & Lake' },
    { item: 'Waterfront', category: 'Beach & Lake' },
  ],
  bikes: [{ item: 'Bikes', category: 'Outdoor' }],
  porch: [{ item: 'Screened porch', category: 'Outdoor' }],
  sauna: [{ item: 'Sauna', category: 'Bathroom' }],
  theater: [{ item: 'Home theater', category: 'Entertainment' }],
  workspace: [{ item: 'Dedicated workspace', category: 'Internet & Office' }],
  elevator: [{ item: 'Elevator', category: 'Parking & Facilities' }],
};

const everyday: readonly StoredAmenity[] = [
  { item: 'Full kitchen', category: 'Kitchen & Dining' },
  { item: 'Refrigerator', category: 'Kitchen & Dining' },
  { item: 'Oven and stovetop', category: 'Kitchen & Dining' },
  { item: 'Dishwasher', category: 'Kitchen & Dining' },
  { item: 'Microwave', category: 'Kitchen & Dining' },
  { item: 'Coffee maker', category: 'Kitchen & Dining' },
  { item: 'Espresso machine', category: 'Kitchen & Dining' },
  { item: 'Toaster', category: 'Kitchen & Dining' },
  { item: 'Blender', category: 'Kitchen & Dining' },
  { item: 'Cookware and bakeware', category: 'Kitchen & Dining' },
  { item: 'Wine glasses', category: 'Kitchen & Dining' },
  { item: 'Slow cooker', category: 'Kitchen & Dining' },
  { item: 'Dining table', category: 'Kitchen & Dining' },
  { item: 'Hair dryer', category: 'Bathroom' },
  { item: 'Shampoo, conditioner and body wash', category: 'Bathroom' },
  { item: 'Bath towels', category: 'Bathroom' },
  { item: 'Heated bathroom floors', category: 'Bathroom' },
  { item: 'Smart TV', category: 'Entertainment' },
  { item: 'Streaming services', category: 'Entertainment' },
  { item: 'Board games and puzzles', category: 'Entertainment' },
  { item: 'Bluetooth speaker', category: 'Entertainment' },
  { item: 'Books', category: 'Entertainment' },
  { item: 'Central heating', category: 'Heating & Cooling' },
  { item: 'Ceiling fans', category: 'Heating & Cooling' },
  { item: 'Smoke alarm', category: 'Safety' },
  { item: 'Carbon monoxide alarm', category: 'Safety' },
  { item: 'Fire extinguisher', category: 'Safety' },
  { item: 'First aid kit', category: 'Safety' },
  { item: 'Free parking on premises', category: 'Parking & Facilities' },
  { item: 'Washer', category: 'Parking & Facilities' },
  { item: 'Dryer', category: 'Parking & Facilities' },
  { item: 'Fast wifi', category: 'Internet & Office' },
  { item: 'Laptop-friendly table', category: 'Internet & Office' },
  { item: 'Crib', category: 'Family' },
  { item: 'High chair', category: 'Family' },
  { item: "Children's books and toys", category: 'Family' },
  { item: 'Gas grill', category: 'Outdoor' },
  { item: 'Patio furniture', category: 'Outdoor' },
];

const regional: Record<Region, readonly StoredAmenity[]> = {
  mountain: [
    { item: 'Boot warmers', category: 'Ski & Mountain' },
    { item: 'Mudroom', category: 'Ski & Mountain' },
    { item: 'Ski and bike storage', category: 'Ski & Mountain' },
    { item: 'Humidifiers', category: 'Heating & Cooling' },
  ],
  lake: [
    { item: 'Outdoor shower', category: 'Beach & Lake' },
    { item: 'Beach towels', category: 'Beach & Lake' },
    { item: 'Air conditioning', category: 'Heating & Cooling' },
    { item: 'Sand toys', category: 'Family' },
  ],
};

/**
 * 15 to 30 amenities; the home's distinguishing ones come first because the
 * property page features the first ten.
 */
export function amenitiesFor(home: HomeSeed, region: Region, rng: Random): StoredAmenity[] {
  const distinctive: StoredAmenity[] = home.features.flatMap((f) => featureAmenities[f]);
  if (home.garages > 0) distinctive.push({ item: home.garages > 1 ? `Garage (${home.garages} cars)` : 'Garage', category: 'Parking & Facilities' });
  if (home.pets) distinctive.push({ item: 'Pets allowed', category: 'Parking & Facilities' });
  const target = Math.min(30, Math.max(15, 12 + home.bedrooms * 3 + rng.int(-2, 2)));
  const seen = new Set(distinctive.map((a) => a.item));
  const pool = rng.shuffle([...regional[region], ...everyday]).filter((a) => !seen.has(a.item));
  return [...distinctive, ...pool.slice(0, Math.max(0, target - distinctive.length))];
}
