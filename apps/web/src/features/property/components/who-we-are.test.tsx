import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPropertyDetails } from '@/testing/data-generators';
import { renderSection } from '@/testing/render-section';
import { WhoWeAre } from './who-we-are';

describe('Who We Are', () => {
  it('introduces the local hosts with a phone link', () => {
    renderSection(<WhoWeAre property={createPropertyDetails()} />);
    const section = screen.getByRole('region', { name: 'Who We Are' });
    expect(within(section).getByText(/Breckenridge, Colorado and along the Lake Michigan shore/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '(970) 555-0142' })).toHaveAttribute('href', 'tel:+19705550142');
  });
});
