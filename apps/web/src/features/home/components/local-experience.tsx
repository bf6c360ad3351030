import { destinations } from '../content/destinations';

/** Breckenridge and Michigan highlights, loaded when the section scrolls near. */
export function LocalExperience() {
  return (
    <div className="local-experience">
      {destinations.map((destination) => (
        <article key={destination.name} className="local-experience__place">
          <h3>{destination.name}</h3>
          <p className="local-experience__tagline">{destination.tagline}</p>
          <ul className="local-experience__list">
            {destination.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </article>
      ))}
    </div>
  );
}
