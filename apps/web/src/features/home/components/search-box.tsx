import { createElement, useState, type FormEvent, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { addDays, defaultGuests, isIsoDate, localToday, minGuests } from '@sas/domain';
import { env, type SearchWidgetConfig } from '@/env';
import { useHydrated } from '@/hooks/use-hydrated';
import { useThirdPartyElement } from '@/hooks/use-third-party-element';
import { searchLocationOptions } from '@/lib/search-locations';
import './search-box.css';

interface SearchBoxProps {
  /** The section, so "Plan Your Getaway" can scroll to it. */
  sectionRef?: Ref<HTMLElement>;
  /** The first field, which receives focus after that scroll. */
  firstFieldRef?: Ref<HTMLSelectElement>;
  /** The third-party widget; the build's configuration unless a test passes its own. */
  widget?: SearchWidgetConfig | null;
}

/**
 * SPEC.md section 2: the third-party search widget when one is configured
 * and its element registers in time; otherwise (and by default) our own form.
 */
export function SearchBox({ sectionRef, firstFieldRef, widget = env.searchWidget }: SearchBoxProps) {
  const status = useThirdPartyElement(widget);

  return (
    <section ref={sectionRef} id="search" className="search-box" aria-labelledby="search-title">
      <h2 id="search-title" className="search-box__title">
        Find your stay
      </h2>
      {status === 'ready' && widget !== null ? (
        createElement(widget.elementName, { class: 'search-box__widget' })
      ) : status === 'loading' ? (
        <p className="search-box__loading" role="status">
          Loading search...
        </p>
      ) : (
        <SearchForm firstFieldRef={firstFieldRef} />
      )}
    </section>
  );
}

/**
 * First-party search form (DESIGN.md: our default instead of the third-party
 * widget). Submitting goes to /search with location, checkIn, checkOut and
 * adults: through the router once the app runs, as a plain GET form before
 * (or without) it, with the same query (issue 24).
 *
 * The earliest check-in is the guest's today, from the guest's clock: the
 * server's HTML has none (its clock is not the guest's, and a Colorado guest
 * in the evening is already tomorrow in UTC), and the browser sets it once
 * the app runs.
 */
function SearchForm({ firstFieldRef }: Pick<SearchBoxProps, 'firstFieldRef'>) {
  const navigate = useNavigate();
  const today = useHydrated() ? localToday() : undefined;
  const [location, setLocation] = useState<string>(searchLocationOptions[0].value);
  const [checkIn, setCheckIn] = useState('');
  const [checkOut, setCheckOut] = useState('');
  const [adults, setAdults] = useState(String(defaultGuests));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams({ location, checkIn, checkOut, adults });
    void navigate(`/search?${params.toString()}`);
  }

  return (
    <form
      role="search"
      aria-labelledby="search-title"
      className="search-box__form"
      action="/search"
      method="get"
      onSubmit={handleSubmit}
      data-testid="search-form"
    >
      <div className="field">
        <label htmlFor="search-location">Location</label>
        <select
          ref={firstFieldRef}
          id="search-location"
          name="location"
          value={location}
          onChange={(event) => setLocation(event.target.value)}
        >
          {searchLocationOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="search-check-in">Check-in</label>
        <input
          id="search-check-in"
          name="checkIn"
          type="date"
          min={today}
          value={checkIn}
          onChange={(event) => setCheckIn(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="search-check-out">Check-out</label>
        <input
          id="search-check-out"
          name="checkOut"
          type="date"
          // At least one night after check-in, which the browser enforces on submit.
          min={isIsoDate(checkIn) ? addDays(checkIn, 1) : today && addDays(today, 1)}
          value={checkOut}
          onChange={(event) => setCheckOut(event.target.value)}
        />
      </div>
      <div className="field field--narrow">
        <label htmlFor="search-adults">Guests</label>
        <input
          id="search-adults"
          name="adults"
          type="number"
          inputMode="numeric"
          min={minGuests}
          step={1}
          required
          value={adults}
          onChange={(event) => setAdults(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary search-box__submit">
        Search
      </button>
    </form>
  );
}
