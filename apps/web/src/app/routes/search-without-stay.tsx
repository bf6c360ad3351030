// The /search pages without a complete stay: the collections to discover, or
// the search form again after unreadable parameters. Loaded by ./search only
// when needed, so a search with dates does not download the form or its CSS.
import type { ReactNode } from 'react';
import { SearchBox } from '@/features/home/components/search-box';
import { DiscoverCollections, InvalidSearch } from '@/features/search/components/discover-collections';

export function DiscoverPage({ collections }: { collections: ReactNode }) {
  return <DiscoverCollections searchForm={<SearchBox />} collections={collections} />;
}

export function InvalidSearchPage() {
  return <InvalidSearch searchForm={<SearchBox />} />;
}
