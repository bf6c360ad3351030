import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPropertyCard } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

describe('collections overview', () => {
  it('shows one tab per collection, each with its homes and a View all link', async () => {
    stubFetch({
      'GET /api/properties/collection/essentials': () =>
        json([createPropertyCard({ public_name: 'Main Street Loft' })]),
      'GET /api/properties/collection/michigan': () =>
        json([createPropertyCard({ public_name: 'Dune House', city: 'Saugatuck', state: 'MI' })]),
    });
    const { user } = renderApp('/collections');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Essentials', 'Resort', 'Luxury', 'Michigan Stays']);
    await waitFor(() => expect(document.title).toBe('Collections | Summit & Shore'));

    const essentials = screen.getByRole('tabpanel');
    expect(await within(essentials).findByRole('link', { name: 'Main Street Loft' })).toBeInTheDocument();
    expect(within(essentials).getByRole('link', { name: /View all/ })).toHaveAttribute(
      'href',
      '/collections/properties?collection=essentials',
    );

    await user.click(screen.getByRole('tab', { name: 'Michigan Stays' }));
    const michigan = screen.getByRole('tabpanel');
    expect(within(michigan).getByRole('heading', { level: 2, name: 'Michigan Collection' })).toBeInTheDocument();
    expect(await within(michigan).findByRole('link', { name: 'Dune House' })).toBeInTheDocument();
    expect(within(michigan).getByText('Saugatuck, MI')).toBeInTheDocument();
  });
});
