import { useRef, useState } from 'react';
import type { NearbyPlace, PropertyDetails } from '@sas/domain';
import { useInView } from '@/hooks/use-in-view';
import { useNearbyPlaces } from '../api/get-nearby-places';
import { ownImageSrc } from './own-image-src';
import '@/components/property-section.css';
import './whats-around.css';

// Nearby photos are stored 3:2 and served at 480px wide (the catalogue's photoUrl).
const photoWidth = 480;
const photoHeight = 320;

function PlacePhoto({ url }: { url: string | null }) {
  const [broken, setBroken] = useState(false);
  const src = ownImageSrc(url);
  if (src === null || broken) {
    return <div className="whats-around__photo whats-around__photo--missing" aria-hidden="true" />;
  }
  return (
    <img
      className="whats-around__photo"
      src={src}
      // The name is the card's heading right below; repeating it as alt text would be read twice.
      alt=""
      width={photoWidth}
      height={photoHeight}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

function PlaceList({ places }: { places: readonly NearbyPlace[] }) {
  if (places.length === 0) {
    return <p className="property-section__status">No nearby places information available.</p>;
  }
  return (
    <ul className="whats-around__list">
      {places.map((place) => (
        <li key={place.id} className="whats-around__place">
          <PlacePhoto url={place.photoUrl} />
          <div className="whats-around__body">
            <h3 className="whats-around__name">{place.name}</h3>
            <p className="whats-around__distance">{place.distance}</p>
            <p className="whats-around__description">{place.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Places near the home. They usually come with the details; when they do not,
 * they are fetched on their own once the section scrolls near (SPEC.md sections 4 and 7).
 */
export function WhatsAround({ property }: { property: PropertyDetails }) {
  const sectionRef = useRef<HTMLElement>(null);
  const inView = useInView(sectionRef);
  const hasOwnPlaces = property.nearbyPlaces.length > 0;
  const query = useNearbyPlaces(property.id, { enabled: inView && !hasOwnPlaces });

  let content;
  if (hasOwnPlaces) content = <PlaceList places={property.nearbyPlaces} />;
  else if (query.isSuccess) content = <PlaceList places={query.data} />;
  // A failure is only a missing extra on this page: it reads like "none known", as SPEC.md section 8 words it.
  else if (query.isError) content = <PlaceList places={[]} />;
  else content = <p className="property-section__status">Loading nearby places…</p>;

  return (
    <section
      ref={sectionRef}
      id="whats-around"
      className="property-section whats-around"
      aria-labelledby="whats-around-title"
      aria-busy={!hasOwnPlaces && !query.isSuccess && !query.isError}
    >
      <h2 id="whats-around-title" className="property-section__title">
        What&apos;s Around
      </h2>
      {content}
    </section>
  );
}
