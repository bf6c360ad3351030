// The guest quotes of the home page's reviews section, drawn when scrolled near.

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
