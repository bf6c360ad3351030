import { useRef, type ReactNode } from 'react';
import { lazyPart } from '@/components/lazy-part';
import { Link } from '@/components/link';
import { LazySection } from '@/components/lazy-section';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { scrollBehavior } from '@/utils/motion';
import { conciergeServices, infoBlocks, trustBenefits } from '../content/home-content';
import { Hero } from './hero';
import { SearchBox } from './search-box';
import './home.css';

// Below the fold: their code is fetched only when the visitor scrolls near.
const GuestReviews = lazyPart(() => import('./guest-reviews').then((module) => module.GuestReviews));
const LocalExperience = lazyPart(() => import('./local-experience').then((module) => module.LocalExperience));

interface HomePageProps {
  /** The featured-homes carousels, owned by the collections feature and passed in by the route. */
  featuredHomes: ReactNode;
}

export function HomePage({ featuredHomes }: HomePageProps) {
  useDocumentTitle();
  const searchRef = useRef<HTMLElement>(null);
  const firstFieldRef = useRef<HTMLSelectElement>(null);

  function planGetaway() {
    searchRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    // preventScroll: focus must not cut the smooth scroll short with a jump.
    firstFieldRef.current?.focus({ preventScroll: true });
  }

  return (
    <div className="home">
      <Hero onPlanGetaway={planGetaway} />

      <section className="home-section page-container" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="visually-hidden">
          Why book direct with Summit &amp; Shore
        </h2>
        <ul className="benefits">
          {trustBenefits.map((benefit) => (
            <li key={benefit.title} className="benefits__item">
              <h3 className="benefits__title">{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="page-container">
        <SearchBox sectionRef={searchRef} firstFieldRef={firstFieldRef} />
      </div>

      <section className="home-section page-container" aria-labelledby="featured-title">
        <h2 id="featured-title" className="home-section__title">
          Featured homes
        </h2>
        <LazySection placeholder="Loading featured homes…" label="the featured homes">
          {featuredHomes}
        </LazySection>
      </section>

      <section className="home-section home-section--tinted" aria-labelledby="reviews-title">
        <div className="page-container">
          <h2 id="reviews-title" className="home-section__title">
            What our guests say
          </h2>
          <LazySection placeholder="Loading guest reviews…" label="the guest reviews">
            <GuestReviews />
          </LazySection>
        </div>
      </section>

      <section className="home-section page-container" aria-labelledby="local-title">
        <h2 id="local-title" className="home-section__title">
          Live like a local
        </h2>
        <LazySection placeholder="Loading local experiences…" label="the local experiences">
          <LocalExperience />
        </LazySection>
      </section>

      <section className="home-section page-container" aria-labelledby="difference-title">
        <h2 id="difference-title" className="home-section__title">
          The Summit &amp; Shore difference
        </h2>
        <ul className="info-blocks">
          {infoBlocks.map((block) => (
            <li key={block.title} className="info-blocks__item">
              <h3>{block.title}</h3>
              <p>{block.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section home-section--dark" aria-labelledby="concierge-title">
        <div className="page-container concierge-teaser">
          <div>
            <h2 id="concierge-title" className="home-section__title">
              Concierge services
            </h2>
            <p className="concierge-teaser__lead">Our concierge team turns a great home into an unforgettable stay.</p>
            <Link to="/concierge" className="button button--accent">
              Explore concierge services
            </Link>
          </div>
          <ul className="concierge-teaser__list">
            {conciergeServices.map((service) => (
              <li key={service.title}>
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
