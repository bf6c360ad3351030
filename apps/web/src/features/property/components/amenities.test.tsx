import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Amenity } from '@sas/domain';
import { createPropertyDetails } from '@/testing/data-generators';
import { renderSection } from '@/testing/render-section';
import { Amenities } from './amenities';

function amenities(category: string, count: number): Amenity[] {
  return Array.from({ length: count }, (_, index) => ({ category, item: `${category} item ${index + 1}` }));
}

// 14 in all; the categories interleave so grouping has something to do.
const allAmenities = [
  ...amenities('Kitchen', 4),
  ...amenities('Outdoor', 5),
  ...amenities('Kitchen', 2).map((a, i) => ({ ...a, item: `Kitchen extra ${i + 1}` })),
  ...amenities('Safety', 3),
];

describe('Amenities', () => {
  it('features the first ten and offers the rest', () => {
    renderSection(<Amenities property={createPropertyDetails({ amenities: allAmenities })} />);
    const section = screen.getByRole('region', { name: 'Amenities' });

    const shown = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toEqual(allAmenities.slice(0, 10).map((a) => a.item));
    expect(within(section).getByRole('button', { name: 'Show all 14 amenities' })).toBeInTheDocument();
  });

  it('lists every amenity grouped by category in a modal', async () => {
    const { user } = renderSection(<Amenities property={createPropertyDetails({ amenities: allAmenities })} />);
    await user.click(screen.getByRole('button', { name: 'Show all 14 amenities' }));

    const dialog = screen.getByRole('dialog', { name: 'Amenities' });
    const headings = within(dialog).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['Kitchen', 'Outdoor', 'Safety']);

    const kitchen = headings[0]!.nextElementSibling as HTMLElement;
    expect(
      within(kitchen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Kitchen item 1',
      'Kitchen item 2',
      'Kitchen item 3',
      'Kitchen item 4',
      'Kitchen extra 1',
      'Kitchen extra 2',
    ]);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(14);
  });

  it('has no Show all button with ten or fewer', () => {
    renderSection(<Amenities property={createPropertyDetails({ amenities: amenities('Kitchen', 10) })} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('says so when there are none', () => {
    renderSection(<Amenities property={createPropertyDetails({ amenities: [] })} />);
    expect(screen.getByText('No amenities information available.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
