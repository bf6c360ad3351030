import { lazy, Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { collectionNames } from '@sas/domain';
import type { Prefetch } from '@/app/router';
import { LazySection } from '@/components/lazy-section';
import { collectionQueryOptions } from '@/features/collections/api/get-collection';
import { availabilitySearchQueryOptions } from '@/features/search/api/search-availability';
import { LoadingOverlay } from '@/components/loading-overlay';
import { SearchResults } from '@/features/search/components/search-results';
import { readSearchPage } from '@/features/search/utils/search-params';

/** A named export of a lazily imported module, as React.lazy wants it. */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

// Only the results for a stay ship with this route: a search with dates is a
// landing page (ads, shared links) and is measured by the bench. Our Listings
// and the pages with the search form come in their own chunks, with their
// stylesheets, when a visitor lands on one of them.
const AllListings = lazyNamed(() =>
  import('@/features/collections/components/all-listings').then((module) => module.AllListings),
);
const DiscoverPage = lazyNamed(() => import('./search-without-stay').then((module) => module.DiscoverPage));
const InvalidSearchPage = lazyNamed(() => import('./search-without-stay').then((module) => module.InvalidSearchPage));
// The carousels (and Embla) download only when scrolled near, below the results.
const FeaturedCollections = lazyNamed(() =>
  import('@/features/collections/components/featured-collections').then((module) => module.FeaturedCollections),
);

function collections() {
  return (
    <LazySection placeholder="Loading collections…">
      <FeaturedCollections />
    </LazySection>
  );
}

function SearchPage() {
  const [searchParams] = useSearchParams();
  const page = readSearchPage(searchParams);

  switch (page.kind) {
    case 'results':
      // Keyed by the stay: a new search starts with its own scroll-to-results.
      return (
        <SearchResults
          key={`${page.search.checkIn}/${page.search.checkOut}/${page.search.adults}`}
          search={page.search}
          moreHomes={collections()}
        />
      );
    case 'listings':
      return <AllListings />;
    case 'invalid':
      return <InvalidSearchPage />;
    case 'discover':
      return <DiscoverPage collections={collections()} />;
  }
}

/** /search and /search/results (SPEC.md section 2): results for a stay, Our Listings, or the collections. */
export function Component() {
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <SearchPage />
    </Suspense>
  );
}

/** The homes free for the stay, or Our Listings' four collections; the other pages need nothing first. */
export const prefetch: Prefetch = async (queryClient, { url }) => {
  const page = readSearchPage(url.searchParams);
  if (page.kind === 'results') await queryClient.ensureQueryData(availabilitySearchQueryOptions(page.search));
  if (page.kind === 'listings') {
    await Promise.all(collectionNames.map((name) => queryClient.ensureQueryData(collectionQueryOptions(name))));
  }
};
