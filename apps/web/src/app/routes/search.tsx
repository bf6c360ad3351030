import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { LazySection } from '@/components/lazy-section';
import { AllListings } from '@/features/collections/components/all-listings';
import { SearchBox } from '@/features/home/components/search-box';
import { DiscoverCollections, InvalidSearch } from '@/features/search/components/discover-collections';
import { SearchResults } from '@/features/search/components/search-results';
import { readSearchPage } from '@/features/search/utils/search-params';

// The carousels (and Embla) download only when scrolled near, below the results.
const FeaturedCollections = lazy(() =>
  import('@/features/collections/components/featured-collections').then((module) => ({
    default: module.FeaturedCollections,
  })),
);

function collections() {
  return (
    <LazySection placeholder="Loading collections…">
      <FeaturedCollections />
    </LazySection>
  );
}

/** /search and /search/results (SPEC.md section 2): results for a stay, Our Listings, or the collections. */
export function Component() {
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
      return <InvalidSearch searchForm={<SearchBox />} />;
    case 'discover':
      return <DiscoverCollections searchForm={<SearchBox />} collections={collections()} />;
  }
}
