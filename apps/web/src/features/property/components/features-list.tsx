import { Link } from '@/components/link';
import { collectionTitles, formatCount, type PropertyDetails } from '@sas/domain';
import '@/components/property-section.css';
import './features-list.css';

/** The key facts of a home as term/value pairs (SPEC.md section 2, "Features"). */
export function FeaturesList({ property }: { property: PropertyDetails }) {
  const facts: { term: string; value: string }[] = [
    { term: 'Bedrooms', value: formatCount(property.bedrooms) },
    { term: 'Bathrooms', value: formatCount(property.bathrooms) },
    { term: 'Garages', value: property.garages === 0 ? 'None' : formatCount(property.garages) },
    { term: 'Area', value: `${formatCount(property.area)} sq ft` },
    { term: 'Max guests', value: formatCount(property.maxGuests) },
    { term: 'Pets', value: property.petsAllowed ? 'Pets allowed' : 'No pets allowed' },
  ];

  return (
    <section id="features" className="property-section features-list" aria-labelledby="features-title">
      <h2 id="features-title" className="property-section__title">
        Features
      </h2>
      <dl className="features-list__facts">
        {facts.map((fact) => (
          <div key={fact.term} className="features-list__fact">
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
        {property.collections.length > 0 && (
          <div className="features-list__fact features-list__fact--wide">
            <dt>Collections</dt>
            <dd>
              <ul className="features-list__collections">
                {property.collections.map((collection) => (
                  <li key={collection}>
                    <Link to={`/collections/properties?collection=${collection}`}>{collectionTitles[collection]}</Link>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
