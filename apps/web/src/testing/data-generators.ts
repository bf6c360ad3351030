import { propertySlug, type PropertyCard, type PropertyDetails } from '@sas/domain';

let sequence = 0;

/** A valid collection card; every call gives a different home. */
export function createPropertyCard(overrides: Partial<PropertyCard> = {}): PropertyCard {
  sequence += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  const name = overrides.name ?? `Test Home ${sequence}`;
  const public_name = overrides.public_name === undefined ? `Alpine Retreat ${sequence}` : overrides.public_name;
  return {
    id,
    propertyId: `prop-${sequence}`,
    slug: propertySlug({ public_name, name }),
    public_name,
    name,
    summary:
      'A bright mountain home with a hot tub, a stone fireplace and views of the Tenmile Range from every bedroom.',
    description: 'A bright mountain home.',
    bedrooms: 3,
    bathrooms: 2,
    city: 'Breckenridge',
    state: 'CO',
    pictureUrl: `/media/homes/${id}/1-960.webp`,
    photo: { key: `homes/${id}/1`, alt: 'Living room with a stone fireplace', width: 1600, height: 1067 },
    reviews: 8,
    rating: 4.8,
    ...overrides,
  };
}

export function createPropertyDetails(overrides: Partial<PropertyDetails> = {}): PropertyDetails {
  const card = createPropertyCard();
  return {
    id: card.id,
    propertyId: card.propertyId,
    slug: card.slug,
    public_name: card.public_name,
    name: card.name,
    summary: card.summary,
    description: card.description,
    bedrooms: 4,
    bathrooms: 3.5,
    garages: 1,
    area: 2450,
    city: 'Breckenridge',
    state: 'CO',
    country: 'US',
    timeZone: 'America/Denver',
    pictureUrl: card.pictureUrl,
    images: [card.pictureUrl],
    photos: card.photo ? [card.photo] : [],
    amenities: [],
    nearbyPlaces: [],
    reviewsData: [],
    reviews: 0,
    rating: null,
    coordinates: { lat: 39.4817, lng: -106.0384 },
    bookingWidgetUrl: null,
    matterportUrl: null,
    maxGuests: 8,
    petsAllowed: false,
    collections: ['luxury'],
    fromNightly: 250,
    ageRestricted: false,
    depositAmount: 0,
    ...overrides,
  };
}
