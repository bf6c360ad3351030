import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { collectionNames } from '@sas/domain';
import type { Prefetch } from '@/app/router';
import { lazyPart } from '@/components/lazy-part';
import { LazySection } from '@/components/lazy-section';
import { collectionQueryOptions } from '@/features/collections/api/get-collection';
import { availabilitySearchQueryOptions } from '@/features/search/api/search-availability';
import { LoadingOverlay } from '@/components/loading-overlay';
import { SearchResults } from '@/features/search/components/search-results';
import { readSearchPage } from '@/features/search/utils/search-params';

// Only the results for a stay ship with this route: a search with dates is a
// landing page (ads, shared links) and is measured by the bench. Our Listings
// and the pages with the search form come in their own chunks, with their
// stylesheets, when a visitor lands on one of them.
const AllListings = lazyPart(() =>
  import('@/features/collections/components/all-listings').then((module) => module.AllListings),
);
const DiscoverPage = lazyPart(() => import('./search-without-stay').then((module) => module.DiscoverPage));
const InvalidSearchPage = lazyPart(() => import('./search-without-stay').then((module) => module.InvalidSearchPage));
// The carousels (and Embla) download only when scrolled near, below the results.
const FeaturedCollections = lazyPart(() =>
  import('@/features/collections/components/featured-collections').then((module) => module.FeaturedCollections),
);

function collections() {
  return (
    <LazySection placeholder="Loading collections…" label="the collections">
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
