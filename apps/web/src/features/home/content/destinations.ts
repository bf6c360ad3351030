// The destinations of the home page's local experience section, drawn when scrolled near.

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
