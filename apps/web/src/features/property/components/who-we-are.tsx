import { companyPhone, companyPhoneHref, type PropertyDetails } from '@sas/domain';
import { whoWeAreParagraphs, whoWeArePromise } from '../content/who-we-are';
import '@/components/property-section.css';
import './who-we-are.css';

/** The company as the local host of every home. The same on every property page. */
export function WhoWeAre(_props: { property: PropertyDetails }) {
  return (
    <section id="who-we-are" className="property-section who-we-are" aria-labelledby="who-we-are-title">
      <h2 id="who-we-are-title" className="property-section__title">
        Who We Are
      </h2>
      <div className="who-we-are__text">
        {whoWeAreParagraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className="who-we-are__call">
          {whoWeArePromise} <a href={companyPhoneHref}>{companyPhone}</a>
        </p>
      </div>
    </section>
  );
}
