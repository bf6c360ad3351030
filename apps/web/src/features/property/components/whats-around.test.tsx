import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NearbyPlace } from '@sas/domain';
import { createPropertyDetails } from '@/testing/data-generators';
import { scrollNear } from '@/testing/intersection-observer';
import { json, requestedUrls, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { WhatsAround } from './whats-around';

function place(name: string, overrides: Partial<NearbyPlace> = {}): NearbyPlace {
  return {
    id: `place-${name.toLowerCase().replace(/\W+/g, '-')}`,
    name,
    description: `${name} is worth the trip.`,
    distance: '0.4 miles',
    photoUrl: `/media/places/${name.toLowerCase().replace(/\W+/g, '-')}-480.webp`,
    ...overrides,
  };
}

function section(): HTMLElement {
  return screen.getByRole('region', { name: "What's Around" });
}

describe("What's Around", () => {
  it('shows the places that come with the home and fetches nothing', () => {
    const fetchMock = stubFetch({});
    renderSection(
      <WhatsAround
        property={createPropertyDetails({ nearbyPlaces: [place('Peak 8 Base'), place('Blue River Trail')] })}
      />,
    );
    scrollNear(section());

    const cards = within(section()).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { level: 3, name: 'Peak 8 Base' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('0.4 miles')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Peak 8 Base is worth the trip.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('draws each photo lazily with its size reserved', () => {
    stubFetch({});
    const { container } = renderSection(
      <WhatsAround property={createPropertyDetails({ nearbyPlaces: [place('Peak 8 Base')] })} />,
    );
    const photo = container.querySelector('img');
    expect(photo).toHaveAttribute('src', '/media/places/peak-8-base-480.webp');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '480');
    expect(photo).toHaveAttribute('height', '320');
    // Named by the heading beside it, so the image itself is decorative.
    expect(photo).toHaveAttribute('alt', '');
  });

  it('asks for no photo from another site, which the content policy would refuse', () => {
    stubFetch({});
    const { container } = renderSection(
      <WhatsAround
        property={createPropertyDetails({
          nearbyPlaces: [place('Peak 8 Base', { photoUrl: 'https://tracker.example/pixel.jpg' })],
        })}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Peak 8 Base' })).toBeInTheDocument();
  });

  it('fetches the places only once the section scrolls near, when the home has none', async () => {
    const home = createPropertyDetails({ nearbyPlaces: [] });
    const fetchMock = stubFetch({
      [`GET /api/properties/${home.id}/nearby-places`]: () => json([place('Riverwalk Center')]),
    });
    renderSection(<WhatsAround property={home} />);

    expect(within(section()).getByText('Loading nearby places…')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    scrollNear(section());
    expect(await within(section()).findByRole('heading', { level: 3, name: 'Riverwalk Center' })).toBeInTheDocument();
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual([`/api/properties/${home.id}/nearby-places`]);
  });

  it('says so when the server knows no places either', async () => {
    const home = createPropertyDetails({ nearbyPlaces: [] });
    stubFetch({ [`GET /api/properties/${home.id}/nearby-places`]: () => json([]) });
    renderSection(<WhatsAround property={home} />);
    scrollNear(section());

    expect(await within(section()).findByText('No nearby places information available.')).toBeInTheDocument();
  });

  it('shows the same message when the places cannot be loaded', async () => {
    const home = createPropertyDetails({ nearbyPlaces: [] });
    stubFetch({
      [`GET /api/properties/${home.id}/nearby-places`]: () =>
        json({ message: 'Database unavailable' }, { status: 503 }),
    });
    renderSection(<WhatsAround property={home} />);
    scrollNear(section());

    expect(await within(section()).findByText('No nearby places information available.')).toBeInTheDocument();
  });
});
