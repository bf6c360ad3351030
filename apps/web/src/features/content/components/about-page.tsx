import { companyName, companyPhone, companyPhoneHref, officeAddressParts } from '@sas/domain';
import { Slideshow } from '@/components/slideshow';
import {
  aboutIntro,
  aboutSlides,
  coreValues,
  founder,
  getInTouch,
  localRoots,
  mission,
  office,
  promises,
} from '../data/about';
import { formLinks } from '../data/form-links';
import { socialProfiles } from '../data/links';
import { ExternalLink } from './external-link';
import { OfficeMap } from './office-map';
import { SlidePhoto, ThumbnailPhoto } from './slide-photo';
import './content.css';

export function AboutPage() {
  return (
    <div className="content-page">
      <header className="page-header page-container">
        <h1>{aboutIntro.title}</h1>
        <p className="page-header__lead">{aboutIntro.lead}</p>
      </header>

      <div className="page-container">
        <Slideshow
          items={aboutSlides}
          label="Life at Summit & Shore"
          getKey={(slide) => slide.id}
          getTitle={(slide) => slide.title}
          renderSlide={(slide, index) => <SlidePhoto photo={slide.photo} eager={index === 0} />}
          renderThumbnail={(slide) => <ThumbnailPhoto photo={slide.photo} />}
        />
      </div>

      <section className="content-section page-container" aria-labelledby="promise-title">
        <h2 id="promise-title">Our Promise to Guests</h2>
        <ul className="content-cards">
          {promises.map((promise) => (
            <li key={promise.title} className="content-card">
              <h3>{promise.title}</h3>
              <p>{promise.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="content-section content-section--band" aria-labelledby="mission-title">
        <div className="page-container">
          <h2 id="mission-title">{mission.title}</h2>
          <p className="content-lead">{mission.text}</p>
        </div>
      </section>

      <section className="content-section page-container" aria-labelledby="values-title">
        <h2 id="values-title">Our Core Values</h2>
        <ul className="content-values">
          {coreValues.map((value) => (
            <li key={value.title}>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="content-section page-container content-split" aria-labelledby="founder-title">
        <article className="founder-card">
          <SlidePhoto photo={founder.photo} />
          <div className="founder-card__text">
            <h2 id="founder-title">Meet Our Founder</h2>
            <p className="founder-card__name">{founder.name}</p>
            <p className="founder-card__role">{founder.role}</p>
            <p>{founder.bio}</p>
          </div>
        </article>
        <div>
          <h2>{localRoots.title}</h2>
          {localRoots.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section className="content-section page-container content-split" aria-labelledby="office-title">
        <div>
          <h2 id="office-title">{office.title}</h2>
          <address className="content-address">
            {companyName}
            <br />
            {officeAddressParts.street}
            <br />
            {officeAddressParts.city}, {officeAddressParts.region} {officeAddressParts.postalCode}
            <br />
            <a href={companyPhoneHref}>{companyPhone}</a>
          </address>
          <p>{office.hours}</p>
        </div>
        <OfficeMap />
      </section>

      <section id="get-in-touch" className="content-section content-section--band" aria-labelledby="get-in-touch-title">
        <div className="page-container">
          <h2 id="get-in-touch-title">{getInTouch.title}</h2>
          <p className="content-lead">{getInTouch.text}</p>
          <div className="content-actions">
            <ExternalLink href={formLinks.rentalProjection} className="button button--primary">
              {getInTouch.rentalProjectionLabel}
            </ExternalLink>
            <ExternalLink href={formLinks.guestServices} className="button button--secondary">
              {getInTouch.guestServicesLabel}
            </ExternalLink>
          </div>
          <ul className="content-social" aria-label={`${companyName} on social media`}>
            {socialProfiles.map((profile) => (
              <li key={profile.name}>
                <ExternalLink
                  href={profile.href}
                  className="content-social__link"
                  label={`${companyName} on ${profile.name}`}
                >
                  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                    <path d={profile.icon} fill="currentColor" fillRule="evenodd" />
                  </svg>
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
