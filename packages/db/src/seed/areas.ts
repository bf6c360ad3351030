// Where the seeded homes are: Breckenridge and the Michigan lakeshore towns,
// with the places around them that the property page lists under
// "What's Around". Coordinates are approximate but real, so distances
// computed from them read plausibly.

export type Region = 'mountain' | 'lake';

export type TownKey = 'breckenridge' | 'saugatuck' | 'south-haven' | 'traverse-city' | 'glen-arbor' | 'petoskey' | 'grand-haven' | 'holland';

export type PlaceKind = 'lift' | 'trail' | 'dining' | 'town' | 'beach' | 'lighthouse' | 'marina' | 'park';

export interface PlaceSeed {
  name: string;
  description: string;
  kind: PlaceKind;
  lat: number;
  lng: number;
  /** Media key of the place's photo. */
  photo: string;
}

export interface Town {
  city: string;
  state: string;
  timeZone: string;
  region: Region;
  places: readonly PlaceSeed[];
}

const breckenridge: readonly PlaceSeed[] = [
  { name: 'BreckConnect Gondola', description: 'Free eight-minute ride from the edge of town to the Peak 8 base, with a stop at Peak 7.', kind: 'lift', lat: 39.4856, lng: -106.0449, photo: 'place-ski-lift' },
  { name: 'Peak 8 Base Area', description: 'The Colorado SuperChair, ski school, rentals and the summer Epic Discovery fun park.', kind: 'lift', lat: 39.4803, lng: -106.07, photo: 'place-ski-lift' },
  { name: 'Quicksilver Super6 at Peak 9', description: "Beginner-friendly slopes right above the Beaver Run base; the easiest first chair in town.", kind: 'lift', lat: 39.4727, lng: -106.0556, photo: 'place-ski-lift' },
  { name: 'Snowflake Lift', description: 'A neighborhood chair that skis straight down to Peak 8, no shuttle needed.', kind: 'lift', lat: 39.4846, lng: -106.0595, photo: 'place-ski-lift' },
  { name: 'Main Street Breckenridge', description: 'Victorian storefronts, galleries, coffee and après: the historic heart of town.', kind: 'town', lat: 39.4817, lng: -106.0467, photo: 'place-main-street' },
  { name: 'Tenmile Tavern', description: 'Elk chili, local beer and a fireplace you can warm your boots by after the last run.', kind: 'dining', lat: 39.4826, lng: -106.0465, photo: 'place-main-street' },
  { name: 'Alpenrose Bakery & Café', description: 'Morning pastries, breakfast burritos and strong coffee before the lifts open.', kind: 'dining', lat: 39.4792, lng: -106.0462, photo: 'place-main-street' },
  { name: 'Blue River Plaza', description: 'Riverside square with summer concerts, the holiday tree and ice sculptures in January.', kind: 'town', lat: 39.48, lng: -106.0468, photo: 'place-main-street' },
  { name: 'Burro Trail', description: 'A shaded, creekside hike or snowshoe that starts at the Peak 9 base.', kind: 'trail', lat: 39.4722, lng: -106.0585, photo: 'place-trail-aspens' },
  { name: 'Boreas Pass Road', description: 'An old railroad grade with gentle grades, aspen groves and big views; cross-country skiing in winter.', kind: 'trail', lat: 39.4661, lng: -106.0319, photo: 'place-trail-aspens' },
  { name: 'McCullough Gulch Trailhead', description: 'Waterfalls and a turquoise tarn under Quandary Peak; go early in summer.', kind: 'trail', lat: 39.4006, lng: -106.0606, photo: 'place-alpine-lake' },
  { name: 'Breckenridge Nordic Center', description: 'Groomed classic and skate trails through the trees, plus snowshoe rentals.', kind: 'trail', lat: 39.4915, lng: -106.0672, photo: 'vista-bluebird-powder' },
  { name: 'Sapphire Point Overlook', description: 'A short loop to one of the best sunset views over Dillon Reservoir and the Gore Range.', kind: 'park', lat: 39.5595, lng: -106.0338, photo: 'place-alpine-lake' },
  { name: 'Breckenridge Golf Club', description: 'Twenty-seven holes designed by Jack Nicklaus, with wildflowers and moose sightings in summer.', kind: 'park', lat: 39.5145, lng: -106.0255, photo: 'vista-summer-meadow' },
];

const saugatuck: readonly PlaceSeed[] = [
  { name: 'Oval Beach', description: 'A wide, sandy Lake Michigan beach backed by dunes; sunset here is a local ritual.', kind: 'beach', lat: 42.6626, lng: -86.2139, photo: 'place-beach' },
  { name: 'Mount Baldhead Park', description: '302 steps to a lookout over the harbor, then a sandy trail down to the lake.', kind: 'park', lat: 42.6598, lng: -86.2085, photo: 'vista-dunes-afternoon' },
  { name: 'Saugatuck Chain Ferry', description: 'The hand-cranked ferry across the Kalamazoo River, running since 1838.', kind: 'marina', lat: 42.6574, lng: -86.2046, photo: 'place-marina' },
  { name: 'Butler Street', description: 'Galleries, fudge shops and patio dining in the village center.', kind: 'town', lat: 42.6561, lng: -86.203, photo: 'place-lakeshore-downtown' },
  { name: 'Harbor Table', description: 'Whitefish tacos and cherry-wood grilled chicken on a deck over the river.', kind: 'dining', lat: 42.6548, lng: -86.2025, photo: 'place-lakeshore-downtown' },
  { name: 'Saugatuck Dunes State Park', description: 'Quiet trails through wooded dunes to two miles of undeveloped shoreline.', kind: 'trail', lat: 42.7017, lng: -86.1958, photo: 'vista-dunes-afternoon' },
];

const southHaven: readonly PlaceSeed[] = [
  { name: 'South Pierhead Lighthouse', description: 'The red lighthouse at the end of the south pier, best at golden hour.', kind: 'lighthouse', lat: 42.4017, lng: -86.2885, photo: 'place-lighthouse' },
  { name: 'North Beach', description: 'Lifeguarded summer beach with volleyball courts and a view of the light.', kind: 'beach', lat: 42.4082, lng: -86.2858, photo: 'place-beach' },
  { name: 'South Beach', description: 'Walkable from downtown, with a playground and the pier right beside it.', kind: 'beach', lat: 42.3993, lng: -86.2846, photo: 'place-beach' },
  { name: 'Michigan Maritime Museum', description: 'Historic boats, a working boat shop and summer cruises on the Black River.', kind: 'marina', lat: 42.4042, lng: -86.2749, photo: 'place-marina' },
  { name: 'Phoenix Street', description: 'Downtown blocks of bakeries, blueberry everything and breweries.', kind: 'town', lat: 42.4029, lng: -86.2713, photo: 'place-lakeshore-downtown' },
  { name: 'Kal-Haven Trail', description: 'Thirty-four miles of crushed-limestone rail trail for bikes, starting in town.', kind: 'trail', lat: 42.4105, lng: -86.2583, photo: 'place-trail-woods' },
];

const traverseCity: readonly PlaceSeed[] = [
  { name: 'Clinch Park Beach', description: 'Downtown beach on West Grand Traverse Bay with a splash pad and paddleboard rentals.', kind: 'beach', lat: 44.7657, lng: -85.6187, photo: 'place-beach' },
  { name: 'Front Street', description: 'Restaurants, bookshops and cherry stands in the walkable downtown.', kind: 'town', lat: 44.7636, lng: -85.6226, photo: 'place-lakeshore-downtown' },
  { name: 'TART Trail', description: 'Paved bayside path for biking and running that links town to the beaches.', kind: 'trail', lat: 44.7621, lng: -85.6003, photo: 'place-trail-woods' },
  { name: 'Mission Point Lighthouse', description: 'The 1870 lighthouse at the tip of Old Mission Peninsula, exactly on the 45th parallel.', kind: 'lighthouse', lat: 44.9911, lng: -85.4795, photo: 'place-lighthouse' },
  { name: 'Duncan L. Clinch Marina', description: 'Sailing charters and sunset cruises leave from the downtown harbor.', kind: 'marina', lat: 44.7663, lng: -85.6241, photo: 'place-marina' },
  { name: 'Old Mission Peninsula', description: 'Vineyards and cherry orchards with water on both sides.', kind: 'park', lat: 44.86, lng: -85.52, photo: 'vista-bay-morning' },
];

const glenArbor: readonly PlaceSeed[] = [
  { name: 'Dune Climb', description: 'The famous sand climb in Sleeping Bear Dunes National Lakeshore; the view from the top is worth the burn.', kind: 'park', lat: 44.8833, lng: -86.0428, photo: 'vista-dunes-afternoon' },
  { name: 'Glen Haven Beach', description: 'Calm, clear water by the historic cannery and maritime museum.', kind: 'beach', lat: 44.9047, lng: -86.0236, photo: 'place-beach' },
  { name: 'Pyramid Point Trail', description: 'A short, steep hike to a bluff 450 feet above Lake Michigan.', kind: 'trail', lat: 44.962, lng: -85.933, photo: 'place-trail-woods' },
  { name: 'Glen Arbor Village', description: 'A handful of cafés, a cherry shop and kayak rentals at the crossroads.', kind: 'town', lat: 44.8982, lng: -85.9858, photo: 'place-lakeshore-downtown' },
  { name: 'Sleeping Bear Heritage Trail', description: 'Paved trail through forest and dunes connecting Glen Arbor to Glen Haven and Empire.', kind: 'trail', lat: 44.896, lng: -85.99, photo: 'place-trail-woods' },
  { name: 'Glen Lake', description: 'Famously clear, turquoise water for swimming and paddling, sheltered from the big lake.', kind: 'park', lat: 44.88, lng: -85.96, photo: 'vista-lake-golden-hour' },
];

const petoskey: readonly PlaceSeed[] = [
  { name: 'Petoskey State Park', description: 'A curving sand beach on Little Traverse Bay; hunt for Petoskey stones at the water line.', kind: 'beach', lat: 45.4061, lng: -84.9081, photo: 'place-beach' },
  { name: 'Bayfront Park & Marina', description: 'Waterfront lawns, a fishing pier and the harbor full of sailboats.', kind: 'marina', lat: 45.3769, lng: -84.958, photo: 'place-marina' },
  { name: 'Gaslight District', description: 'Historic shopping blocks with bookshops, candy and good coffee.', kind: 'town', lat: 45.3749, lng: -84.9561, photo: 'place-lakeshore-downtown' },
  { name: 'Petoskey Pierhead Light', description: 'A short walk along the breakwall to the red light at the harbor mouth.', kind: 'lighthouse', lat: 45.3792, lng: -84.9612, photo: 'place-lighthouse' },
  { name: 'Little Traverse Wheelway', description: 'Paved trail along the bay from Petoskey to Harbor Springs.', kind: 'trail', lat: 45.3801, lng: -84.9302, photo: 'place-trail-woods' },
];

const grandHaven: readonly PlaceSeed[] = [
  { name: 'Grand Haven South Pierhead Lights', description: "Two red lights joined by a catwalk, one of Michigan's most photographed piers.", kind: 'lighthouse', lat: 43.0572, lng: -86.2561, photo: 'place-lighthouse' },
  { name: 'Grand Haven State Park', description: 'A big, lively sand beach right beside the pier.', kind: 'beach', lat: 43.0561, lng: -86.2481, photo: 'place-beach' },
  { name: 'Grand Haven Boardwalk', description: 'Two and a half miles along the Grand River from downtown to the lake.', kind: 'marina', lat: 43.0651, lng: -86.2329, photo: 'place-marina' },
  { name: 'Washington Avenue', description: 'Downtown shops, ice cream and patios a few blocks from the water.', kind: 'town', lat: 43.0631, lng: -86.229, photo: 'place-lakeshore-downtown' },
  { name: 'Musical Fountain', description: 'Summer evening shows of water, light and music across the river.', kind: 'park', lat: 43.066, lng: -86.2302, photo: 'vista-lake-golden-hour' },
];

const holland: readonly PlaceSeed[] = [
  { name: 'Holland State Park', description: 'Lake Michigan beach with soft sand and a view of Big Red across the channel.', kind: 'beach', lat: 42.7729, lng: -86.2072, photo: 'place-beach' },
  { name: 'Big Red Lighthouse', description: 'The red lighthouse at the mouth of Lake Macatawa, a short walk from the state park.', kind: 'lighthouse', lat: 42.7725, lng: -86.2122, photo: 'place-lighthouse' },
  { name: 'Lake Macatawa Marina', description: 'Boat and pontoon rentals on the sheltered inland lake.', kind: 'marina', lat: 42.7803, lng: -86.1698, photo: 'place-marina' },
  { name: '8th Street', description: 'Heated sidewalks, local shops and breweries in downtown Holland.', kind: 'town', lat: 42.7901, lng: -86.1061, photo: 'place-lakeshore-downtown' },
  { name: 'Windmill Island Gardens', description: 'A working 250-year-old Dutch windmill and tulip gardens in May.', kind: 'park', lat: 42.7962, lng: -86.1001, photo: 'vista-bay-morning' },
];

const michigan = { state: 'MI', timeZone: 'America/Detroit', region: 'lake' } as const;

export const towns: Record<TownKey, Town> = {
  breckenridge: { city: 'Breckenridge', state: 'CO', timeZone: 'America/Denver', region: 'mountain', places: breckenridge },
  saugatuck: { city: 'Saugatuck', ...michigan, places: saugatuck },
  'south-haven': { city: 'South Haven', ...michigan, places: southHaven },
  'traverse-city': { city: 'Traverse City', ...michigan, places: traverseCity },
  'glen-arbor': { city: 'Glen Arbor', ...michigan, places: glenArbor },
  petoskey: { city: 'Petoskey', ...michigan, places: petoskey },
  'grand-haven': { city: 'Grand Haven', ...michigan, places: grandHaven },
  holland: { city: 'Holland', ...michigan, places: holland },
};

/** Great-circle distance in miles. */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

/** "0.3 mi", "4.8 mi", "17 mi": what the page shows. */
export function formatMiles(miles: number): string {
  if (miles < 0.1) return '0.1 mi';
  if (miles < 10) return `${miles.toFixed(1)} mi`;
  return `${Math.round(miles)} mi`;
}
