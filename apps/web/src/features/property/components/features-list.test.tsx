import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPropertyDetails } from '@/testing/data-generators';
import { renderSection } from '@/testing/render-section';
import { FeaturesList } from './features-list';

/** Term → value pairs as read from the description list. */
function facts(): Record<string, string> {
  const section = screen.getByRole('region', { name: 'Features' });
  const terms = within(section).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']));
}

describe('Features', () => {
  it('lists the key facts of the home', () => {
    renderSection(
      <FeaturesList
        property={createPropertyDetails({
          bedrooms: 4,
          bathrooms: 3.5,
          garages: 2,
          area: 2450,
          maxGuests: 10,
          petsAllowed: true,
          collections: ['luxury', 'resort'],
        })}
      />,
    );
    expect(facts()).toEqual({
      Bedrooms: '4',
      Bathrooms: '3.5',
      Garages: '2',
      Area: '2,450 sq ft',
      'Max guests': '10',
      Pets: 'Pets allowed',
      Collections: 'Luxury CollectionResort Collection',
    });
    expect(screen.getByRole('link', { name: 'Luxury Collection' })).toHaveAttribute(
      'href',
      '/collections/properties?collection=luxury',
    );
  });

  it('says when pets are not allowed and there is no garage', () => {
    renderSection(<FeaturesList property={createPropertyDetails({ petsAllowed: false, garages: 0 })} />);
    expect(facts()).toMatchObject({ Garages: 'None', Pets: 'No pets allowed' });
  });
});
