import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import './search.css';

interface DiscoverCollectionsProps {
  /** A way to search with dates, from the home feature. */
  searchForm: ReactNode;
  /** The collection carousels, from the collections feature. */
  collections: ReactNode;
}

/** /search without a complete stay (SPEC.md section 2): 'Discover Our Collections'. */
export function DiscoverCollections({ searchForm, collections }: DiscoverCollectionsProps) {
  useDocumentTitle('Discover Our Collections');
  return (
    <div className="page-container search-page">
      <header className="page-header">
        <h1>Discover Our Collections</h1>
        <p className="page-header__lead">
          Add your dates and party to see which homes are free and what your stay costs, or browse every collection
          below.
        </p>
      </header>
      {searchForm}
      <section className="search-page__more" aria-labelledby="discover-collections-title">
        <h2 id="discover-collections-title">Browse by collection</h2>
        {collections}
      </section>
    </div>
  );
}

/** /search with a stay that cannot be read (a hand-edited link): say so rather than search for nonsense. */
export function InvalidSearch({ searchForm }: { searchForm: ReactNode }) {
  useDocumentTitle('Search');
  return (
    <div className="page-container search-page">
      <header className="page-header">
        <h1>Search homes</h1>
        <p className="search-results__alert" role="alert">
          These search dates or guest numbers could not be read. Please choose them again.
        </p>
      </header>
      {searchForm}
    </div>
  );
}
