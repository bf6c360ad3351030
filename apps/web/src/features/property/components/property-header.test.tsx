import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPropertyDetails } from '@/testing/data-generators';
import { renderSection } from '@/testing/render-section';
import { PropertyHeader } from './property-header';

describe('property header', () => {
  it('names the home and lists beds, baths, garages, area and place', () => {
    const home = createPropertyDetails({
      public_name: 'Bear Den Lodge',
      bedrooms: 4,
      bathrooms: 3.5,
      garages: 1,
      area: 2450,
      city: 'Breckenridge',
      state: 'CO',
      country: 'US',
    });
    renderSection(<PropertyHeader property={home} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Bear Den Lodge' })).toBeInTheDocument();
    const facts = screen.getByRole('list', { name: 'Key facts' });
    expect(facts).toHaveTextContent('4 bedrooms');
    expect(facts).toHaveTextContent('3.5 bathrooms');
    expect(facts).toHaveTextContent('1 garage');
    expect(facts).toHaveTextContent('2,450 sq ft');
    expect(screen.getByText('Breckenridge, CO, United States')).toBeInTheDocument();
  });

  it('says a home has no garage rather than "0 garages"', () => {
    renderSection(<PropertyHeader property={createPropertyDetails({ garages: 0 })} />);
    const facts = screen.getByRole('list', { name: 'Key facts' });
    expect(facts).toHaveTextContent('No garage');
    expect(facts).not.toHaveTextContent('0 garages');
  });

  it('falls back to the internal name when there is no public name', () => {
    renderSection(<PropertyHeader property={createPropertyDetails({ public_name: null, name: 'Unit 4B' })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unit 4B' })).toBeInTheDocument();
  });

  it('shows a NEW badge instead of a rating with 5 reviews', () => {
    renderSection(<PropertyHeader property={createPropertyDetails({ reviews: 5, rating: 4.9 })} />);
    expect(screen.getByText('NEW')).toBeInTheDocument();
    expect(screen.queryByTestId('property-rating')).not.toBeInTheDocument();
    expect(screen.queryByText('4.9')).not.toBeInTheDocument();
  });

  it('shows stars, the mean and the review count from 6 reviews on', () => {
    renderSection(<PropertyHeader property={createPropertyDetails({ reviews: 6, rating: 4.8 })} />);
    expect(screen.queryByText('NEW')).not.toBeInTheDocument();
    expect(screen.getByTestId('property-rating')).toHaveTextContent('4.8 out of 5,(6 reviews)');
    // 4.8 rounds to 5 full stars at half-star precision.
    expect(document.querySelectorAll('.star--full')).toHaveLength(5);
  });

  it('draws a half star for a mean that rounds to a half', () => {
    renderSection(<PropertyHeader property={createPropertyDetails({ reviews: 12, rating: 4.3 })} />);
    expect(document.querySelectorAll('.star--full')).toHaveLength(4);
    expect(document.querySelectorAll('.star--half')).toHaveLength(1);
  });
});
