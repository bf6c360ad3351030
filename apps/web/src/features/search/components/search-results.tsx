import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  cardSummaryLength,
  formatDateRange,
  formatParty,
  formatDollars,
  pluralize,
  propertyPath,
  type AvailableHome,
  type SearchLocation,
} from '@sas/domain';
import { PropertyCard } from '@/components/property-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { scrollBehavior } from '@/utils/motion';
import { useAvailabilitySearch, type AvailabilitySearch } from '../api/search-availability';
import { stayLink, withLocation } from '../utils/search-params';
import { LocationFilter } from './location-filter';
import './search.css';

function ResultCard({ home, search, first }: { home: AvailableHome; search: AvailabilitySearch; first: boolean }) {
  return (
    <PropertyCard
      property={home}
      summaryLength={cardSummaryLength}
      headingLevel={3}
      to={stayLink(propertyPath(home.slug), search)}
      eagerPhoto={first}
    >
      <p className="search-results__price">
        <strong>{formatDollars(home.quote.total)} total</strong>
        <span> for {pluralize(home.quote.nights, 'night')}, cleaning fee and taxes included</span>
      </p>
      {home.quote.discounts.map((line) => (
        <p className="search-results__discount" key={line.kind}>
          {line.name}: −{formatDollars(line.amount)} included
        </p>
      ))}
    </PropertyCard>
  );
}

interface ResultsBodyProps {
  search: AvailabilitySearch;
  results: ReturnType<typeof useAvailabilitySearch>;
}

function ResultsBody({ search, results }: ResultsBodyProps) {
  if (results.isPending) {
    return (
      <p className="search-results__status" role="status">
        Searching for free homes…
      </p>
    );
  }
  if (results.isError) {
    const { error } = results;
    // 400 and 422 explain what is wrong with the search; anything else is ours.
    const explained = isApiError(error) && (error.status === 422 || error.status === 400);
    return (
      <div className="search-results__status">
        <p className="search-results__alert" role="alert">
          {explained ? error.message : 'We could not search for homes just now.'}
        </p>
        {explained ? null : (
          <button type="button" className="button button--secondary" onClick={() => void results.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  const homes = results.data;
  if (homes.length === 0) {
    return (
      <p className="search-results__status" role="status">
        No homes are available for these dates. Try other dates or fewer guests.
      </p>
    );
  }
  return (
    <>
      <p className="search-results__count" role="status">
        {pluralize(homes.length, 'home')} available, cheapest first
      </p>
      <ResultList homes={homes} search={search} busy={results.isPlaceholderData} />
    </>
  );
}

/** How many results render with the first paint of the list: a phone's screen and a wide screen's first row. */
const firstResults = 4;

/**
 * The first results render at once; the rest in a background render that
 * React interrupts whenever the browser has work, so a long list never
 * blocks the page (Lighthouse's total blocking time on a phone).
 */
function ResultList({ homes, search, busy }: { homes: AvailableHome[]; search: AvailabilitySearch; busy: boolean }) {
  const shown = useDeferredValue(homes, homes.slice(0, firstResults));
  return (
    <ul className="search-results__list" aria-busy={busy || undefined}>
      {shown.map((home, index) => (
        <li key={home.id}>
          {/* The first photo is the largest paint on a phone: loaded at once, at high priority. */}
          <ResultCard home={home} search={search} first={index === 0} />
        </li>
      ))}
    </ul>
  );
}

interface SearchResultsProps {
  search: AvailabilitySearch;
  /** The collection carousels, from the collections feature, listed after the results. */
  moreHomes: ReactNode;
}

/**
 * /search with dates and guests: the homes free for that stay (our own
 * availability search in place of SPEC.md's third-party widget), scrolled to
 * once they are there, then the collections.
 */
export function SearchResults({ search, moreHomes }: SearchResultsProps) {
  useDocumentTitle('Available homes');
  const navigate = useNavigate();
  const { search: query, hash } = useLocation();
  const results = useAvailabilitySearch(search);
  const sectionRef = useRef<HTMLElement>(null);
  const scrolled = useRef(false);

  const settled = !results.isPending;
  // Rendered in the same background pass as the rest of the results (ResultList), so
  // the collections below never appear under the first results and then move down.
  // When the first pass already shows every result (none, or a few), the collections
  // come with it, in the server's HTML too: added after, they pushed the footer down
  // on the screen of a search with no free home.
  const wholeListAtOnce = results.data !== undefined && results.data.length <= firstResults;
  const listComplete = useDeferredValue(settled, wholeListAtOnce);
  useEffect(() => {
    // SPEC.md section 2: the results are scrolled to, once, when they arrive.
    if (!settled || scrolled.current) return;
    scrolled.current = true;
    sectionRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  }, [settled]);

  function changeLocation(location: SearchLocation) {
    const next = withLocation(new URLSearchParams(query), location);
    // Refining the same search: replace, so Back leaves the results instead of stepping through filters.
    void navigate({ search: `?${next.toString()}`, hash }, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="page-container search-page">
      <header className="page-header">
        <h1>Available homes</h1>
        <p className="page-header__lead">
          {formatDateRange(search.checkIn, search.checkOut)} · {formatParty(search)}
        </p>
      </header>
      <section ref={sectionRef} className="search-results" aria-labelledby="search-results-title">
        <h2 id="search-results-title" className="search-results__title">
          Homes free for your stay
        </h2>
        <LocationFilter value={search.location} onChange={changeLocation} />
        <ResultsBody search={search} results={results} />
      </section>
      {/* Listed once the results are there (SPEC.md: results, then the collections): while they
          load, the page is short and the carousels would start loading ahead of them. */}
      {listComplete && (
        <section className="search-page__more" aria-labelledby="search-more-title">
          <h2 id="search-more-title">More homes to explore</h2>
          {moreHomes}
        </section>
      )}
    </div>
  );
}
