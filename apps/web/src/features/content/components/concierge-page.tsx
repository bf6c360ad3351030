import { Slideshow } from '@/components/slideshow';
import { conciergeIntro, exclusiveServices, promotions } from '../data/concierge';
import { ExternalLink } from './external-link';
import { SlidePhoto } from './slide-photo';
import './content.css';

export function ConciergePage() {
  return (
    <div className="content-page">
      <header className="page-header page-container">
        <h1>{conciergeIntro.title}</h1>
        <p className="page-header__lead">{conciergeIntro.lead}</p>
      </header>

      <div className="page-container">
        <Slideshow
          items={promotions}
          label="Concierge services"
          className="promotions"
          getKey={(promotion) => promotion.id}
          getTitle={(promotion) => promotion.title}
          renderSlide={(promotion, index) => (
            <div className="promotion">
              <SlidePhoto photo={promotion.photo} eager={index === 0} />
              <div className="promotion__card">
                <h2 className="promotion__title">{promotion.title}</h2>
                <p>{promotion.text}</p>
                <ExternalLink href={promotion.href} className="button button--accent">
                  {promotion.linkLabel}
                </ExternalLink>
              </div>
            </div>
          )}
        />
      </div>

      <section className="content-section page-container" aria-labelledby="exclusive-title">
        <h2 id="exclusive-title">{exclusiveServices.title}</h2>
        <ul className="content-checklist">
          {exclusiveServices.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
