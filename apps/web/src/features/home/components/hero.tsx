interface HeroProps {
  onPlanGetaway: () => void;
}

export function Hero({ onPlanGetaway }: HeroProps) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <svg className="hero__art" viewBox="0 0 1440 320" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path
          d="M0 250 220 110l120 90 170-150 210 170 140-100 250 160 170-90 160 70v60H0z"
          fill="rgb(255 255 255 / 0.08)"
        />
        <path
          d="M0 290c120-18 240-18 360 0s240 18 360 0 240-18 360 0 240 18 360 0v30H0z"
          fill="rgb(255 255 255 / 0.1)"
        />
      </svg>
      <div className="hero__content page-container">
        <p className="hero__eyebrow">Breckenridge · Michigan lakeshore</p>
        <h1 id="hero-title" className="hero__title">
          Mountain mornings. Lakeshore evenings.
        </h1>
        <p className="hero__lead">
          Hand-picked vacation homes in Breckenridge, Colorado and on Michigan&apos;s lakeshore, booked directly with
          the local team who cares for them.
        </p>
        {/* A link to the search box, so it works from the server's HTML before the app's code has
            arrived; the app then scrolls smoothly and puts focus in the form. */}
        <a
          href="#search"
          className="button button--accent button--large"
          onClick={(event) => {
            event.preventDefault();
            onPlanGetaway();
          }}
        >
          Plan Your Getaway
        </a>
      </div>
    </section>
  );
}
